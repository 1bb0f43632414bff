"""The Celery worker process the tests start: the production worker on a queue of its own."""

from __future__ import annotations

import sys


def worker_command(queue: str) -> list[str]:
    """One task at a time (a prefork pool of one), quiet, serving the three lanes of the
    default queue `queue` (games/scheduling.py: turns, bookkeeping, analysis) and no other."""
    lanes = f"{queue},{queue}.bookkeeping,{queue}.analysis"
    command = [sys.executable, "-m", "celery", "-A", "whistsite", "worker", "-Q", lanes]
    return command + [
        "--concurrency",
        "1",
        "--without-heartbeat",
        "--without-mingle",
        "-l",
        "warning",
    ]
