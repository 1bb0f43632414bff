"""What an open table socket holds in a server process (docs/benchmarks.md, memory per open
socket; bench/socket_memory.py measures it): nothing of its own that every socket could share."""

from __future__ import annotations

import asyncio
import gc

import pytest
from django.core.cache.backends.base import BaseCache

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
