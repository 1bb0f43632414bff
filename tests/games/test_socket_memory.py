"""What an open table socket holds in a server process (docs/benchmarks.md, memory per open
socket; bench/socket_memory.py measures it): nothing of its own that every socket could share."""

from __future__ import annotations

import asyncio
import contextvars
import gc
from typing import Any

import pytest
from django.conf import settings
from django.core.cache.backends.base import BaseCache

from games.services.watchdog_parts import watchdog_parts_run
from runtime.process_cache import cache as process_cache

from .test_consumers import connect, db, until
from .test_socket_opening import whist_of_four

pytestmark = pytest.mark.django_db(transaction=True)


def cache_clients() -> int:
    """Django cache clients alive in this process."""
    gc.collect()
    return sum(isinstance(o, BaseCache) for o in gc.get_objects())


async def test_a_table_sockets_opening_makes_no_cache_client_of_its_own(make_user):
    """Django's `cache` is kept per asyncio context: every socket whose code used it (a
    player coming online, the origin of a seat) held a client, its connection pool and a
    Redis connection of its own for as long as it stayed open (runtime/process_cache.py)."""
    table, users = await db(whist_of_four)(make_user)
    first = await connect(f"/ws/table/{table.pk}/", users[0])  # the process's own client
    await until(first, "state")
    before = cache_clients()
    others = await asyncio.gather(*(connect(f"/ws/table/{table.pk}/", u) for u in users[1:]))
    for ws in others:
        await until(ws, "state")
    assert cache_clients() == before
    for ws in [first, *others]:
        await ws.disconnect()


def test_a_tick_of_the_embedded_watchdog_makes_no_cache_client_of_its_own():
    """Each tick runs in a context of its own (runtime/scheduling.py), 1 s after a server's
    first socket and then every few seconds: a part that used Django's `cache` (the privacy
    sweep's) made a client, a pool and a Redis connection on every tick, and one that came
    during the test above, under load, was counted as the sockets' (3 == 2)."""
    process_cache.get("probe")  # the process's own client, made once
    before = cache_clients()

    def tick() -> int:
        watchdog_parts_run()
        return cache_clients()

    assert contextvars.Context().run(tick) == before


# A socket reads its channel from its own queue on the Redis layer (games/sockets/one_inbox.py).
on_redis = pytest.mark.skipif(
    settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("InMemoryChannelLayer"),
    reason="needs REDIS_URL",
)
# What a task waiting for a socket's messages runs: the socket's queue, the layer's receive.
WAITS = {"Queue.get", "Inbox.get", "_async_proxy", "RedisPubSubLoopLayer.receive"}


def call_chain(task: asyncio.Task) -> list[Any]:
    """The coroutines `task` is suspended in, outermost first."""
    chain, awaited = [], task.get_coro()
    while awaited is not None and hasattr(awaited, "cr_frame"):
        chain.append(awaited)
        awaited = awaited.cr_await
    return chain


async def open_table_sockets(make_user: Any) -> list[Any]:
    table, users = await db(whist_of_four)(make_user)
    sockets = await asyncio.gather(*(connect(f"/ws/table/{table.pk}/", u) for u in users))
    for ws in sockets:
        await until(ws, "chat")  # the last of a socket's opening messages
    return sockets


@on_redis
async def test_no_task_waits_for_an_open_sockets_messages_but_its_own(make_user):
    """Channels' consumer waited on its socket and on its channel in a task each, made again
    after every message: two tasks per open socket beside its application's
    (games/sockets/one_inbox.py)."""
    sockets = await open_table_sockets(make_user)
    waiting = [t for t in asyncio.all_tasks() if t.get_coro().__qualname__ in WAITS]
    assert [t.get_coro().__qualname__ for t in waiting] == []
    assert all(call_chain(ws.future)[-1].__qualname__ == "Queue.get" for ws in sockets)
    for ws in sockets:
        await ws.disconnect()


@on_redis
async def test_an_open_sockets_call_chain_holds_no_middleware(make_user):
    """Each ASGI middleware in front of a consumer stayed suspended in an open socket's call
    chain, with a scope of its own (whistsite/socket_entry.py)."""
    sockets = await open_table_sockets(make_user)
    names = [c.__qualname__ for c in call_chain(sockets[0].future)]
    assert names == ["Site.__call__", "SocketEntry.__call__", "JsonFrames.__call__",
                     "OneInbox.__call__", "Queue.get"]  # fmt: skip
    for ws in sockets:
        await ws.disconnect()


async def test_an_open_socket_keeps_of_its_handshakes_headers_only_its_language(make_user):
    """The scope's headers (the cookies, the user agent, ...) stayed with every open socket;
    it reads only the language's after it opened (games/sockets/languages.py)."""
    sockets = await open_table_sockets(make_user)
    consumer = call_chain(sockets[0].future)[2].cr_frame.f_locals["self"]
    assert consumer.scope["cookies"] and consumer.scope["headers"] == []
    for ws in sockets:
        await ws.disconnect()
