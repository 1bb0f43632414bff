"""/healthz and /readyz in front of the site (whistsite/health.py), called as Daphne calls
them, on the tests' PostgreSQL and Redis. A stopped service is tests/faults/test_readiness.py."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from django.conf import settings

from tests.faults.stack import OwnRedis
from tests.virtual_time import virtual_time
from whistsite import health
from whistsite.health import HealthEndpoints


async def refused(scope: dict, receive: Any, send: Any) -> None:
    raise AssertionError(f"{scope['path']} reached the site")


async def call(app: Any, path: str, method: str = "GET") -> tuple[int, dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    async def send(message: dict) -> None:
        sent.append(message)

    await app({"type": "http", "path": path, "method": method, "headers": []}, receive, send)
    body = sent[1]["body"]
    return sent[0]["status"], json.loads(body) if body else {}


async def test_healthz_answers_alive_without_touching_a_dependency() -> None:
    app = HealthEndpoints(refused, lambda: False)
    app.readiness = None  # any use of the checks would fail
    assert await call(app, "/healthz") == (200, {"alive": True})


@pytest.mark.skipif(not getattr(settings, "REDIS_URL", ""), reason="needs REDIS_URL")
async def test_readyz_is_ready_when_postgresql_redis_and_the_layer_answer() -> None:
    status, body = await call(HealthEndpoints(refused, lambda: False), "/readyz")
    assert (status, body) == (
        200, {"ready": True, "checks": {"database": "ok", "channel_layer": "ok", "redis": "ok"}}
    )  # fmt: skip


@pytest.mark.skipif(not getattr(settings, "REDIS_URL", ""), reason="needs REDIS_URL")
async def test_readyz_fails_when_one_shard_of_the_channel_layer_stops(settings, tmp_path) -> None:
    """A layer sharded over two Redis servers (WHIST_CHANNEL_REDIS_URLS): the layer's own
    publish reaches one of them, so each is pinged; the second one, a Redis of the test's
    own, is stopped."""
    second = OwnRedis(tmp_path)
    second.start()
    try:
        settings.LAYER_URLS = [*settings.LAYER_URLS[:1], f"{second.url}/1"]
        app = HealthEndpoints(refused, lambda: False)
        status, ready = await call(app, "/readyz")
        assert status == 200, ready
        second.stop()
        await asyncio.sleep(health.REUSE)
        status, body = await call(app, "/readyz")
        assert status == 503, body
        assert ready["checks"]["channel_layer_shard_2"] == "ok"
        assert body["checks"]["channel_layer_shard_2"] != "ok"
        assert body["checks"]["channel_layer_shard_1"] == "ok" == body["checks"]["redis"]
    finally:
        second.stop()


async def test_a_dependency_that_does_not_answer_fails_its_check_after_check_timeout() -> None:
    """So a cut-off service fails /readyz within CHECK_TIMEOUT plus REUSE seconds (a round is
    reused REUSE seconds at most: the shard test above); tests/faults/test_readiness.py stops
    the services for real. On a virtual clock: when, not how fast."""
    with virtual_time():
        loop = asyncio.get_running_loop()
        start = loop.time()
        assert await health._timed(asyncio.Event().wait()) == "timeout"
        assert loop.time() - start == pytest.approx(health.CHECK_TIMEOUT)


async def test_a_draining_process_answers_not_ready() -> None:
    status, body = await call(HealthEndpoints(refused, lambda: True), "/readyz")
    assert (status, body) == (503, {"ready": False, "draining": True})


async def test_a_head_request_gets_the_status_without_a_body() -> None:
    assert await call(HealthEndpoints(refused, lambda: True), "/readyz", "HEAD") == (503, {})


async def test_polls_at_once_share_one_round_of_checks(monkeypatch) -> None:
    rounds = []
    real = health.Readiness._round

    async def counted(self: health.Readiness) -> dict[str, str]:
        rounds.append(1)
        return await real(self)

    monkeypatch.setattr(health.Readiness, "_round", counted)
    app = HealthEndpoints(refused, lambda: False)
    answers = await asyncio.gather(*(call(app, "/readyz") for _ in range(50)))
    assert len(rounds) == 1
    assert len({json.dumps(answer) for answer in answers}) == 1


async def test_other_paths_go_to_the_site() -> None:
    reached = []

    async def site(scope: dict, receive: Any, send: Any) -> None:
        reached.append(scope["path"])

    await HealthEndpoints(site, lambda: False)({"type": "http", "path": "/healthz/"}, None, None)
    assert reached == ["/healthz/"]
