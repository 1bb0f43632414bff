"""Readiness on the real stack: a Daphne's /readyz fails once PostgreSQL or Redis stops (within
CHECK_TIMEOUT plus REUSE seconds by whistsite/health.py's construction, tests/site/test_health.py;
not timed here: a loaded machine's polls are slow) and is ready again once it is back, while
/healthz stays alive; `manage.py ready`
tells a supervisor whether a Celery worker answers and beat ticks (exit status)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from tests.faults.stack import ROOT, Stack
from tests.servers import PATIENCE, free_port

pytestmark = [pytest.mark.faults, pytest.mark.xdist_group("faults")]
TOKEN = "a-token-for-prometheus"


@pytest.fixture(scope="module")
def stack(tmp_path_factory) -> Iterator[Stack]:
    built = Stack(lambda name: tmp_path_factory.mktemp("logs") / f"{name}.log")
    built.env["WHIST_METRICS_PORT"] = str(free_port())
    built.env["WHIST_METRICS_TOKEN"] = TOKEN
    built.worker()  # starts while the first test runs
    try:
        yield built
    finally:
        built.close()


def get(port: int, path: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def until_status(port: int, status: int) -> None:
    start = time.monotonic()
    while get(port, "/readyz")[0] != status:
        assert time.monotonic() - start < PATIENCE, get(port, "/readyz")
        time.sleep(0.05)


def ready(stack: Stack, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "ready", *args], cwd=ROOT, env=stack.env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip


def test_readyz_fails_once_postgresql_or_redis_stops(stack: Stack) -> None:
    port = stack.daphne()
    until_status(port, 200)
    stack.postgres.stop()
    until_status(port, 503)
    status, body = get(port, "/readyz")
    assert body["checks"]["database"] != "ok" and body["checks"]["redis"] == "ok"
    assert get(port, "/healthz") == (200, {"alive": True})
    scrape = urllib.request.Request(f"http://127.0.0.1:{port}/metrics",
                                    headers={"Authorization": f"Bearer {TOKEN}"})  # fmt: skip
    with urllib.request.urlopen(scrape, timeout=10) as answer:  # the database away: it answers
        assert b"whist_sockets_open" in answer.read()
    stack.postgres.start()
    until_status(port, 200)

    stack.redis.stop()
    until_status(port, 503)
    checks = get(port, "/readyz")[1]["checks"]
    assert checks["redis"] != "ok" and checks["channel_layer"] != "ok"
    assert checks["database"] == "ok"
    stack.redis.start()
    until_status(port, 200)


def test_ready_tells_whether_the_worker_answers_and_beat_ticks(stack: Stack) -> None:
    name = f"celery@{socket.gethostname()}"
    deadline = time.monotonic() + 60
    while (done := ready(stack, "worker", name)).returncode and time.monotonic() < deadline:
        time.sleep(0.5)
    assert (done.returncode, done.stdout.strip()) == (0, "ready")
    # A beat just started is ready once its first tick is noted (runtime/beat.py): wait for it
    # as a supervisor would (a fresh clone's run asked before the first tick).
    while (beat := ready(stack, "beat")).returncode and time.monotonic() < deadline:
        time.sleep(0.5)
    assert beat.returncode == 0, beat.stderr
    # The worker's children measured the watchdog's wait (multiprocess mode; its main process
    # serves them on WHIST_METRICS_PORT, whistsite/celery_metrics.py).
    url = f"http://127.0.0.1:{stack.env['WHIST_METRICS_PORT']}/metrics"
    with urllib.request.urlopen(url, timeout=5) as answer:
        text = answer.read().decode()
    counted = re.search(
        r'^whist_celery_task_delay_seconds_count\{lane="turns"\} (\S+)$', text, re.M
    )
    assert counted and float(counted.group(1)) >= 1, text[-2000:]
    stack.stop("worker")
    gone = ready(stack, "worker", name, "--timeout", "1")
    assert gone.returncode == 1
    assert gone.stderr.strip() == f"CommandError: worker {name}: no answer within 1 s"
