"""The Procfile's web process listens on the loopback address unless told otherwise, and
never passes Daphne's --proxy-headers, which would believe any peer
(docs/deployment.md §"Processes")."""

from __future__ import annotations

import shlex
import subprocess

from tests.servers import ROOT


def web_command(**env: str) -> list[str]:
    """The Procfile's web line as the shell expands it (honcho and foreman run it so)."""
    line = next(
        entry.split(":", 1)[1] for entry in (ROOT / "Procfile").read_text().splitlines()
        if entry.startswith("web:")
    )  # fmt: skip
    result = subprocess.run(
        ["sh", "-c", f"for word in {line}; do echo \"$word\"; done"],
        env={"PATH": "/usr/bin:/bin", **env}, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return result.stdout.split()


def test_daphne_binds_the_loopback_address_unless_told_otherwise() -> None:
    words = web_command()
    assert words[words.index("-b") + 1] == "127.0.0.1"
    assert "--proxy-headers" not in words
    told = web_command(WHIST_BIND="10.0.0.5", WHIST_TRUSTED_PROXIES="10.0.0.1")
    assert told[told.index("-b") + 1] == "10.0.0.5"
    assert "--proxy-headers" not in told
    assert shlex.join(told).endswith("whistsite.asgi:application")
