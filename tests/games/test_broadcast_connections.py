"""A broadcast from code that runs on no server's event loop (a Celery worker's bot move or
timeout, a page's POST under WSGI) reuses the process's connection to Redis: each one opened a
connection of its own and closed it (asgiref's `async_to_sync` ran each send on a new event
loop, and the channel layer keeps its connections per loop)."""

from __future__ import annotations

import threading

import pytest
from channels.layers import InMemoryChannelLayer, get_channel_layer
from redis.asyncio.connection import Connection

from games import broadcast


def _opened(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one for each connection to Redis this process opens."""
    opened: list[int] = []
    open_one = Connection._connect

    async def counted(self: Connection) -> None:
        opened.append(1)
        await open_one(self)

    monkeypatch.setattr(Connection, "_connect", counted)
    return opened


def _send(version: int) -> None:
    broadcast.send("table-0", {"type": "table.state", "version": version})


def test_sends_without_a_server_loop_open_no_new_connection_to_redis(monkeypatch):
    if isinstance(get_channel_layer(), InMemoryChannelLayer):
        pytest.fail("the test needs the Redis channel layer (REDIS_URL)")
    _send(0)  # the process's first: its connection may open now
    opened = _opened(monkeypatch)
    sending = threading.Thread(target=lambda: [_send(v) for v in range(1, 6)])
    sending.start()  # another thread of the process, as a worker's pool thread
    sending.join()
    for version in range(6, 11):
        _send(version)
    assert opened == []
