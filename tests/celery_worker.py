"""The Celery worker process the tests start: the production worker on a queue of its own."""

from __future__ import annotations

import sys


def worker_command(queue: str) -> list[str]:
    """One task at a time (a prefork pool of one, as in production), only `queue`, quiet."""
    command = [sys.executable, "-m", "celery", "-A", "whistsite", "worker", "-Q", queue]
    return command + [
        "--concurrency",
        "1",
        "--without-heartbeat",
        "--without-mingle",
        "-l",
        "warning",
    ]
