"""The quick-play pool for people on real Daphne processes (docs/protocol.md, "Lobby socket"):
players joining on two servers (Redis channel layer, one PostgreSQL) meet at one table (how
long a matching round takes is bench/pool.py's figure, not a timed assertion here); 40
joining at once end in whole tables, each seated once; on one embedded server (as `make
run`), three players who chose bots after a wait get one bot when the first wait is due; closing the
socket leaves the pool, and other lobby pages see the counts live."""

from __future__ import annotations

import asyncio
import json
import os
import time
import uuid
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from websockets.asyncio.client import connect

from games.models import PoolEntry, Seat, Table
from tests.servers import daphne

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not settings.REDIS_URL or connection.vendor != "postgresql",
        reason="needs the PostgreSQL and Redis that `make test` uses",
    ),
]
LIVE = "tests.e2e.server_settings_live"  # the Redis channel layer, the test database
EMBEDDED = "tests.e2e.server_settings"  # in-memory layer, timers on the server's loop


def server_env(**extra: str) -> dict[str, str]:
    # Tasks a server queues (the first turn's timer) go to a queue nobody else reads.
    return {**os.environ, "WHIST_CELERY_QUEUE": f"pool-{uuid.uuid4().hex[:8]}", **extra}


@pytest.fixture
def two_servers(django_db_setup: Any, server_log: Any) -> Any:
    with daphne(LIVE, server_env(), server_log("daphne-a")) as first:
        with daphne(LIVE, server_env(), server_log("daphne-b")) as second:
            yield first, second


@pytest.fixture
def embedded_server(django_db_setup: Any, server_log: Any) -> Any:
    with daphne(EMBEDDED, server_env(WHIST_POOL_WAITS="1,15,30,60"), server_log("daphne")) as url:
        yield url


def make_players(count: int) -> list[tuple[Any, str]]:
    """`count` users, each with the Cookie header of a logged-in session."""
    users = []
    for i in range(count):
        user = get_user_model().objects.create_user(f"pool{i}", password="pw")
        client = Client()
        client.force_login(user)
        users.append((user, f"sessionid={client.session.session_key}"))
    return users


async def lobby_socket(server: str, cookie: str | None) -> Any:
    url = server.replace("http://", "ws://") + "/ws/lobby/?pool=1"
    headers = {"Cookie": cookie} if cookie else {}
    # No high-water mark: a socket that nobody reads after its seat (rows and counts keep
    # coming) stopped reading at 16 messages, so it never read the server's close frame and
    # each close waited its 10 s close timeout (the forty's test took 42-52 s, 2.4 s now).
    socket = await connect(url, origin=server, additional_headers=headers, max_size=2**20,
                           max_queue=None)  # fmt: skip
    await until(socket, "pool_counts")  # the page is there: tables, mine, pool counts
    return socket


async def until(socket: Any, kind: str, timeout: float = 30.0) -> dict[str, Any]:
    """The next message of type `kind` on `socket` (others are skipped)."""
    async with asyncio.timeout(timeout):
        while True:
            message = json.loads(await socket.recv())
            if message["type"] == kind:
                return message
            assert message["type"] != "error", message


async def join(socket: Any, **wish: Any) -> dict[str, Any]:
    await socket.send(json.dumps({"type": "pool_join", **wish}))
    return await until(socket, "pool_seated", timeout=60.0)  # 40 at once on a busy machine


def seats_of(table_id: int) -> list[Seat]:
    return list(Seat.objects.filter(table_id=table_id).order_by("index"))


async def test_four_players_on_two_servers_are_seated_at_one_rated_whist_table(
    two_servers: tuple[str, str],
) -> None:
    players = await sync_to_async(make_players)(4)
    sockets = [await lobby_socket(two_servers[i % 2], cookie) for i, (_u, cookie) in
               enumerate(players)]  # fmt: skip
    started = time.monotonic()
    seated = await asyncio.gather(*(join(s, game="whist", rated=True) for s in sockets))
    elapsed = time.monotonic() - started
    print(f"four players seated after {elapsed:.3f} s")
    assert len({m["table_id"] for m in seated}) == 1
    table = await sync_to_async(Table.objects.get)(pk=seated[0]["table_id"])
    assert table.rated and table.game == "whist" and table.status == Table.Status.PLAYING
    seats = await sync_to_async(seats_of)(table.pk)
    assert sorted(s.user_id for s in seats) == sorted(u.pk for u, _c in players)
    assert seated[0]["url"] == f"/tables/{table.pk}/"
    for socket in sockets:
        await socket.close()


async def test_forty_players_joining_at_once_on_two_servers_end_in_whole_tables_each_seated_once(
    two_servers: tuple[str, str],
) -> None:
    players = await sync_to_async(make_players)(40)
    sockets = [await lobby_socket(two_servers[i % 2], cookie) for i, (_u, cookie) in
               enumerate(players)]  # fmt: skip
    seated = await asyncio.gather(*(join(s, game="whist", rated=True) for s in sockets))
    tables = Counter(m["table_id"] for m in seated)
    assert len(tables) == 10 and set(tables.values()) == {4}

    def seat_counts() -> Counter[int]:
        return Counter(
            Seat.objects.filter(table_id__in=tables, user__isnull=False).values_list(
                "user_id", flat=True
            )
        )

    counts = await sync_to_async(seat_counts)()
    assert counts == Counter({u.pk: 1 for u, _c in players})
    assert await sync_to_async(PoolEntry.objects.count)() == 0
    for socket in sockets:
        await socket.close()


async def test_three_players_who_chose_bots_after_a_wait_get_one_bot_when_it_is_due(
    embedded_server: str,
) -> None:
    players = await sync_to_async(make_players)(3)
    sockets = [await lobby_socket(embedded_server, cookie) for _u, cookie in players]
    wish = {"game": "whist", "rated": False, "level": "beginner"}
    # The first two wait 60 s, the last 1 s: when its wait is due the others are waiting,
    # however slow the machine. All three waiting 1 s, a loaded machine's third joined after
    # the first's wait was due, which seated the first two with two bots (correctly).
    for socket, wait in zip(sockets, (60, 60, 1), strict=True):
        started = time.monotonic()
        await socket.send(json.dumps({"type": "pool_join", **wish, "bots_after": wait}))
        assert f"{wait} s" in (await until(socket, "pool_waiting"))["text"]
    seated = [await until(socket, "pool_seated") for socket in sockets]
    elapsed = time.monotonic() - started
    print(f"seated with a bot after {elapsed:.3f} s")
    assert elapsed >= 1.0  # not before the wait the last one chose
    assert len({m["table_id"] for m in seated}) == 1
    seats = await sync_to_async(seats_of)(seated[0]["table_id"])
    assert sorted(s.user_id for s in seats if s.user_id) == sorted(u.pk for u, _c in players)
    assert [s.bot for s in seats if s.bot] == ["beginner"]
    for socket in sockets:
        await socket.close()


async def test_closing_the_socket_leaves_the_pool_and_other_lobbies_see_the_count_live(
    two_servers: tuple[str, str],
) -> None:
    ((_ann, cookie),) = await sync_to_async(make_players)(1)
    watcher = await lobby_socket(two_servers[1], None)
    socket = await lobby_socket(two_servers[0], cookie)
    await socket.send(json.dumps({"type": "pool_join", "game": "german", "rated": False}))
    await until(socket, "pool_waiting")
    counts = await until(watcher, "pool_counts")
    assert counts["counts"] == [{"game": "german", "players": 2, "rated": False, "waiting": 1}]
    assert counts["text"]["german"] == "1 person waiting"
    await socket.close()
    counts = await until(watcher, "pool_counts")
    assert counts["counts"] == [] and counts["text"]["german"] == "nobody waiting"
    assert await sync_to_async(PoolEntry.objects.count)() == 0
    await watcher.close()
