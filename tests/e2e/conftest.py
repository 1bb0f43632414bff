"""Browser-test fixtures: Debian's Chromium, and a Daphne server on the test database."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.celery_worker import worker_command

# Playwright's sync API keeps an event loop in this thread (stack-notes pitfall 4).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch the system Chromium: Playwright cannot download its own here (pitfall 6)."""
    return {**browser_type_launch_args, "executable_path": shutil.which("chromium"),
            "args": CHROMIUM_ARGS}  # fmt: skip


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("daphne did not start")


@contextmanager
def _daphne(settings: str, env: dict[str, str], log_path: str) -> Iterator[str]:
    """A Daphne process serving the whole site (HTTP and WebSockets); yields its address."""
    port = _free_port()
    log = open(log_path, "w")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "whistsite.asgi:application"],
        cwd=ROOT, env={**env, "DJANGO_SETTINGS_MODULE": settings}, stdout=log,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        _wait_for(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(process)
        log.close()


def _stop(process: subprocess.Popen, seconds: float = 10.0) -> None:
    """Stop a server or worker process; kill it if it does not stop in time. Its database
    connections close with it, so no transaction of its outlives the test."""
    process.terminate()
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(seconds)


# The servers are per test: bots keep playing after a test's last click, and a bot's
# transaction (table row locked, move inserted) racing the test database's flush (TRUNCATE of
# every table) can deadlock it. A server stopped before the flush has no transaction left.
@pytest.fixture
def site_url(django_db_setup: None, django_db_blocker) -> Iterator[str]:
    """The site as `make run` serves it (in-memory channel layer, bots in the server's
    process), on the test database."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    with _daphne("tests.e2e.server_settings", env, "/tmp/whist-e2e-daphne.log") as url:
        yield url


@pytest.fixture
def live_site_url(django_db_setup: None, django_db_blocker) -> Iterator[str]:
    """The site as deployed: Daphne on the Redis channel layer, and bot turns played by a
    real Celery worker process (a queue of its own) on the test database."""
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs the Redis that `make test` uses (REDIS_URL)")
    env = {**os.environ, "WHIST_CELERY_QUEUE": f"e2e-{uuid.uuid4().hex[:8]}"}
    settings = "tests.e2e.server_settings_live"
    log = open("/tmp/whist-e2e-worker.log", "w")  # noqa: SIM115
    worker = subprocess.Popen(
        worker_command(env["WHIST_CELERY_QUEUE"]), cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": settings}, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        with _daphne(settings, env, "/tmp/whist-e2e-daphne-live.log") as url:
            yield url
    finally:
        _stop(worker, 30)
        log.close()
