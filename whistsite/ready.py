"""`make run`'s one line saying where the site is ready: waits until the server accepts
connections on its address, then prints it (and how to make the first staff account)."""

from __future__ import annotations

import socket
import sys
import time

# The settings stop a process that is not a development setup and has no secrets: the
# command must say DJANGO_DEBUG=true as `make run` does (README, "The first staff account").
STAFF = "DJANGO_DEBUG=true .venv/bin/python manage.py createsuperuser"


def wait_and_say(host: str, port: int, seconds: float = 120.0) -> bool:
    """Print the site's address once a connection to it succeeds; False if none did in time."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host  # noqa: S104 (what is bound)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection((host, port), timeout=1).close()
        except OSError:
            time.sleep(0.2)
            continue
        print(f"The site is ready at http://{shown}:{port}/ (Ctrl-C stops it; a first staff "
              f"account: {STAFF})", flush=True)  # fmt: skip
        return True
    return False


if __name__ == "__main__":
    sys.exit(0 if wait_and_say(sys.argv[1], int(sys.argv[2])) else 1)
