"""`/healthz` and `/readyz`, answered in front of Django (docs/deployment.md §"Health").

- `/healthz`: the process is alive and its event loop turns; nothing else is touched.
- `/readyz`: PostgreSQL, Redis and the channel layer each answered within CHECK_TIMEOUT
  seconds, and the process is not saying goodbye (after SIGTERM it drains: not ready). A
  layer sharded over several Redis servers (WHIST_CHANNEL_REDIS_URLS) has each shard
  pinged too (`channel_layer_shard_<n>`, from 1): the layer's publish reaches one shard only.

Both are answered before the host check, the session and the middleware, so a balancer may
poll by address. Many balancers polling every second cost one round of checks per
process per REUSE seconds: concurrent polls share the round in flight, and a result is
reused for REUSE seconds. A check that does not answer in time counts as failed, so a
stopped or cut-off service makes `/readyz` fail within CHECK_TIMEOUT plus REUSE seconds.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings

CHECK_TIMEOUT = 1.0  # seconds each dependency has to answer
REUSE = 0.5  # seconds a round of checks answers later polls
PATHS = ("/healthz", "/readyz")


class HealthEndpoints:
    """ASGI middleware: answers the two paths itself, passes everything else on."""

    def __init__(self, inner: Any, stopping: Any) -> None:
        self.inner, self.stopping = inner, stopping
        self.readiness = Readiness()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"] not in PATHS:
            await self.inner(scope, receive, send)
            return
        body: dict[str, Any]
        if scope["path"] == "/healthz":
            status, body = 200, {"alive": True}
        elif self.stopping():
            status, body = 503, {"ready": False, "draining": True}
        else:
            checks = await self.readiness.checks()
            ready = all(result == "ok" for result in checks.values())
            status, body = (200 if ready else 503), {"ready": ready, "checks": checks}
        payload = json.dumps(body).encode()
        headers = [(b"content-type", b"application/json"), (b"cache-control", b"no-store"),
                   (b"content-length", str(len(payload)).encode())]  # fmt: skip
        await send({"type": "http.response.start", "status": status, "headers": headers})
        body_bytes = b"" if scope["method"] == "HEAD" else payload
        await send({"type": "http.response.body", "body": body_bytes})


class Readiness:
    """One process's checks of its dependencies, shared by concurrent polls."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.last: tuple[float, dict[str, str]] | None = None
        self.running: asyncio.Future | None = None
        self.database = DatabaseCheck()
        self.redis: dict[str, Any] = {}  # a client per URL pinged, kept between rounds
        self.loop: asyncio.AbstractEventLoop | None = None

    async def checks(self) -> dict[str, str]:
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # connections and futures belong to one event loop
            self._reset()
            self.loop = loop
        now = time.monotonic()
        if self.last is not None and now - self.last[0] < REUSE:
            return self.last[1]
        if self.running is None or self.running.done():
            self.running = asyncio.ensure_future(self._round())
        return await asyncio.shield(self.running)

    async def _round(self) -> dict[str, str]:
        names = ["database", "channel_layer"]
        checks = [self.database.check(), _channel_layer()]
        if getattr(settings, "REDIS_URL", ""):
            names.append("redis")
            checks.append(self._ping(settings.REDIS_URL))
        shards = getattr(settings, "LAYER_URLS", [])
        if len(shards) > 1:
            names += [f"channel_layer_shard_{n}" for n in range(1, len(shards) + 1)]
            checks += [self._ping(url) for url in shards]
        results = await asyncio.gather(*(_timed(check) for check in checks))
        outcome = dict(zip(names, results, strict=True))
        self.last = (time.monotonic(), outcome)
        return outcome

    async def _ping(self, url: str) -> None:
        import redis.asyncio

        if url not in self.redis:
            self.redis[url] = redis.asyncio.Redis.from_url(
                url, socket_connect_timeout=CHECK_TIMEOUT, socket_timeout=CHECK_TIMEOUT,
                health_check_interval=0,
            )  # fmt: skip
        await self.redis[url].ping()


async def _timed(check: Any) -> str:
    try:
        await asyncio.wait_for(check, CHECK_TIMEOUT)
    except TimeoutError:
        return "timeout"
    except Exception as exc:  # noqa: BLE001 - any failure means not ready; its class says which
        return f"error: {type(exc).__name__}"
    return "ok"


async def _channel_layer() -> None:
    """A publish to a group nobody joins: the layer's own connection to its Redis answered."""
    from channels.layers import get_channel_layer

    await get_channel_layer().group_send("whist-readyz", {"type": "readyz"})


class DatabaseCheck:
    """`SELECT 1` on a connection of the check's own (PostgreSQL: kept between rounds and
    dropped after a failure; SQLite: Django's, in a thread)."""

    def __init__(self) -> None:
        self.connection: Any = None

    async def check(self) -> None:
        from django.db import connections

        params = connections["default"].settings_dict
        # The vendor, not the ENGINE string: ENGINE may be a subclass (whistsite.patches.postgres).
        if connections["default"].vendor != "postgresql":
            await sync_to_async(_sqlite_check, thread_sensitive=False)()
            return
        try:
            if self.connection is None or self.connection.closed:
                self.connection = await _connect(params)
            async with self.connection.cursor() as cursor:
                await cursor.execute("SELECT 1")
        except BaseException:  # a timeout cancels us here too
            self._drop()
            raise

    def _drop(self) -> None:
        connection, self.connection = self.connection, None
        if connection is not None and not connection.closed:
            connection.pgconn.finish()  # no round trip: the server may be gone


async def _connect(params: dict[str, Any]) -> Any:
    import psycopg

    return await psycopg.AsyncConnection.connect(
        dbname=params["NAME"], user=params["USER"] or None, password=params["PASSWORD"] or None,
        host=params["HOST"] or None, port=params["PORT"] or None, autocommit=True,
        connect_timeout=max(1, int(CHECK_TIMEOUT)), application_name="whist-readyz",
    )  # fmt: skip


def _sqlite_check() -> None:
    from django.db import connections

    connection = connections["default"]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    finally:
        connection.close()
