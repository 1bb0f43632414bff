"""Reading the environment, checked: every reader notes a value it cannot use as one line in
PROBLEMS (`NAME=value: what it must be`) and goes on with the default, and the settings'
last step (`stop_on_problems`) prints every line and stops the process with exit status 2,
instead of a traceback from deep inside a library at the first use."""

import ipaddress
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parents[2]
PROBLEMS: list[str] = []
_YES, _NO = {"1", "true", "yes", "on"}, {"0", "false", "no", "off", ""}
_RATE = re.compile(r"^\d+/\d*[smhd]$")  # django-ratelimit's "count/period"


def problem(name: str, value: object, wants: str) -> None:
    """Note one unusable setting."""
    PROBLEMS.append(f"{name}={value}: {wants}")


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """A yes/no variable: 1, true, yes, on, or 0, false, no, off (any case)."""
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word not in _YES | _NO:
        problem(name, value, "must be one of true, false, yes, no, on, off, 1, 0")
        return default
    return word in _YES


def env_int(name: str, default: int, minimum: int = 0) -> int:
    """A whole number of at least `minimum`."""
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        number = int(value.strip())
    except ValueError:
        problem(name, value, "must be a whole number")
        return default
    if number < minimum:
        problem(name, value, f"must be at least {minimum}")
        return default
    return number


def env_float(name: str, default: float, minimum: float = 0.0) -> float:
    """A number (seconds, mostly) of at least `minimum`."""
    value = os.environ.get(name)
    if value is None:
        return float(default)
    try:
        number = float(value.strip())
    except ValueError:
        problem(name, value, "must be a number, e.g. 2.5")
        return float(default)
    if not number >= minimum:  # also refuses nan
        problem(name, value, f"must be at least {minimum:g}")
        return float(default)
    return number


def env_list(name: str, default: str) -> list[str]:
    """A comma-separated list of non-empty items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_numbers(name: str, default: str, count: tuple[int, int], whole: bool = False) -> list:
    """A comma-separated list of `count` (least, most) numbers, none negative."""
    raw = os.environ.get(name, default)
    try:
        numbers = [(int if whole else float)(x) for x in raw.split(",")]
    except ValueError:
        numbers = []
    if not count[0] <= len(numbers) <= count[1] or any(not n >= 0 for n in numbers):
        kind = "whole numbers" if whole else "numbers"
        problem(name, raw, f"must be {count[0]} to {count[1]} comma-separated {kind}, none "
                f"negative, e.g. {default}")  # fmt: skip
        return [(int if whole else float)(x) for x in default.split(",")]
    return numbers


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = os.environ.get(name, default).strip()
    if value not in choices:
        problem(name, value, f"must be one of {', '.join(choices)}")
        return default
    return value


def env_rate(name: str, default: str) -> str:
    """A rate limit, "count/period": 30/h, 5/m, 100/10s."""
    value = os.environ.get(name, default).strip()
    if not _RATE.match(value):
        problem(name, value, "must be count/period, the period s, m, h or d, e.g. 30/h")
        return default
    return value


def env_networks(name: str) -> list[str]:
    """Addresses or networks (10.0.0.0/24), comma-separated."""
    items = env_list(name, "")
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            problem(name, ",".join(items), f"{item!r} is no address or network (e.g. 10.0.0.5)")
    return items


def env_url(name: str, schemes: tuple[str, ...], example: str) -> str | None:
    """A URL with one of `schemes` and a host (or a path, for sqlite:// and unix://)."""
    value = os.environ.get(name)
    return _url(name, value, schemes, example) if value else None


def env_urls(name: str, schemes: tuple[str, ...], example: str) -> list[str]:
    """A comma-separated list of URLs as `env_url` takes them (none: an empty list)."""
    found = [_url(name, v, schemes, example) for v in os.environ.get(name, "").split(",")
             if v.strip()]  # fmt: skip
    return [url for url in found if url]


def _url(name: str, value: str, schemes: tuple[str, ...], example: str) -> str | None:
    parts = urlsplit(value.strip())
    shown = parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()  # no password
    try:
        parts.port  # noqa: B018 (a port that is no number raises here)
    except ValueError:
        problem(name, shown, f"its port is no number; e.g. {example}")
        return None
    if parts.scheme not in schemes or not (parts.hostname or parts.path):
        problem(name, shown, f"must be a URL of {' or '.join(schemes)}, e.g. {example}")
        return None
    return value.strip()


def redis_db_url(url: str, db: int) -> str:
    """Return the Redis URL pointing at database number `db` (replacing any path given)."""
    return urlsplit(url)._replace(path=f"/{db}").geturl()


def stop_on_problems() -> None:
    """Print one line per unusable setting and stop (exit status 2), if there are any."""
    if PROBLEMS:
        for line in PROBLEMS:
            print(f"settings: {line}", file=sys.stderr)
        print('settings: the process stops (docs/deployment.md, "Environment")', file=sys.stderr)
        raise SystemExit(2)
