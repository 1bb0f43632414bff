"""Reading the environment: yes/no, lists, Redis database URLs, and where the project lives."""

import os
from pathlib import Path
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parents[2]


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no environment variable ("1", "true", "yes", "on" mean yes)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable as a list of non-empty items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def redis_db_url(url: str, db: int) -> str:
    """Return the Redis URL pointing at database number `db` (replacing any path given)."""
    return urlsplit(url)._replace(path=f"/{db}").geturl()
