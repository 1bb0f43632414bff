"""The Celery worker process the tests start: the production worker on a queue of its own."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import psutil
import pytest


def worker_command(queue: str) -> list[str]:
    """One task at a time (a prefork pool of one), quiet, serving the three lanes of the
    default queue `queue` (runtime/scheduling.py: turns, bookkeeping, analysis) and no other."""
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


def stop(process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    """SIGTERM, as a deploy stops it (a worker's warm shutdown lets its running task end).
    If it still runs after `timeout` seconds, it and its pool's children (one of which
    runs the task) are asked for their threads' stacks (Celery's SIGUSR1 handler logs them
    to the captured output), then killed, and the test fails: a hung shutdown leaves its
    cause in the log and no process behind (a teardown that waited over 30 s once in a
    full unit run, and not in 8 runs of its file, left no such trace)."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
        return
    except subprocess.TimeoutExpired:
        pass
    group = [psutil.Process(process.pid), *psutil.Process(process.pid).children(recursive=True)]
    _signal(group, signal.SIGUSR1)
    time.sleep(2)
    _signal(group, signal.SIGKILL)
    process.wait()
    pytest.fail(f"{process.args[:6]} did not stop within {timeout:g} s of SIGTERM", pytrace=False)


def _signal(group: list[psutil.Process], number: int) -> None:
    for each in group:
        try:
            each.send_signal(number)
        except psutil.NoSuchProcess:  # it ended meanwhile
            pass
