"""`make run`'s one line saying where the site is ready: waits until the server accepts
connections on its address, then prints it (and how to make the first staff account)."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time

# The settings stop a process that is not a development setup and has no secrets: the
# command must say DJANGO_DEBUG=true as `make run` does (README, "The first staff account").
STAFF = "DJANGO_DEBUG=true .venv/bin/python manage.py createsuperuser"


def wait_and_say(host: str, port: int, seconds: float = 120.0, make: int | None = None) -> bool:
    """Print the site's address once a connection to it succeeds; False if none did in time,
    or if process `make` (make run's, which started this in the background) is gone: a
    Ctrl-C before the server answered left this polling a closed port for `seconds`."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host  # noqa: S104 (what is bound)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (make is None or _alive(make)):
        try:
            socket.create_connection((host, port), timeout=1).close()
        except OSError:
            time.sleep(0.2)
            continue
        print(f"The site is ready at http://{shown}:{port}/ (Ctrl-C stops it; a first staff "
              f"account: {STAFF})", flush=True)  # fmt: skip
        return True
    return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: alive
        pass
    return True


if __name__ == "__main__":
    # Started with `&` by make, whose shell leaves a background command's SIGINT ignored: the
    # terminal's Ctrl-C stops this too, as it stops make and Daphne.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    make = int(sys.argv[3]) if len(sys.argv) > 3 else None
    sys.exit(0 if wait_and_say(sys.argv[1], int(sys.argv[2]), make=make) else 1)
