"""A socket does nothing before it is admitted or after it is closed: frames
a client sends right after the handshake, while the access checks still run, are dropped
when the checks refuse the socket; the services check access and bans themselves too."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from accounts.models import Ban
from accounts.selectors import ban_active
from accounts.services import ban_create
from games import services
from games.models import ChatMessage, Seat
from whistsite.asgi import application

from .conftest import session_headers
from .helpers import Communicator, closed_with

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def drain(communicator: Communicator) -> None:
    """Let the application take every frame still queued, then end it."""
    await communicator.send_input({"type": "websocket.disconnect", "code": 1000})
    await communicator.wait(timeout=5)


async def test_a_refused_sockets_frames_are_dropped_unanswered(make_user):
    ann, eve = await db(make_user)("ann"), await db(make_user)("eve")
    hidden = await db(services.table_create)(ann, "german", private=True)
    ws = Communicator(
        application, f"/ws/table/{hidden.pk}/", headers=await db(session_headers)(eve)
    )
    connected, _ = await ws.connect()
    assert connected  # accepted first, the checks run after the handshake
    await ws.send_json_to({"type": "chat", "text": "first"})
    await ws.send_json_to({"type": "chat", "text": "second"})
    assert await closed_with(ws) == 4403
    await drain(ws)
    assert await db(ChatMessage.objects.count)() == 0


async def test_a_banned_players_back_after_the_handshake_changes_nothing(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    created = await db(services.table_create)(ann, "german")
    await db(services.seat_take)(bob, created.pk, 1)
    await db(services.table_start)(ann, created.pk)
    await db(ban_create)(ann, bob, "cheating")
    assert await db(lambda: Seat.objects.get(table=created, index=1).away)()

    ws = Communicator(
        application, f"/ws/table/{created.pk}/", headers=await db(session_headers)(bob)
    )
    await ws.connect()
    await ws.send_json_to({"type": "back"})
    assert await closed_with(ws) == 4401
    await drain(ws)
    assert await db(lambda: Seat.objects.get(table=created, index=1).away)()


def test_chat_post_refuses_a_user_who_may_not_watch_the_table(make_user):
    ann, eve = make_user("ann"), make_user("eve")
    hidden = services.table_create(ann, "german", private=True)
    with pytest.raises(services.ServiceError) as refused:
        services.chat_post(hidden.pk, eve, "hello")
    assert refused.value.code == "forbidden"
    assert ChatMessage.objects.count() == 0
    services.chat_post(hidden.pk, ann, "hello")  # the creator may


def test_seat_back_and_moves_refuse_a_banned_player(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    created = services.table_create(ann, "german")
    services.seat_take(bob, created.pk, 1)
    table = services.table_start(ann, created.pk)
    ban_create(ann, bob, "cheating")
    with pytest.raises(services.ServiceError) as refused:
        services.seat_back(table.pk, bob)
    assert refused.value.code == "banned"
    with pytest.raises(services.ServiceError) as refused:
        services.move_play(table.pk, {"action": "play", "card": "2C"}, user=bob)
    assert refused.value.code == "banned"
    assert Seat.objects.get(table=table, index=1).away


def test_a_move_is_refused_to_a_player_banned_since_the_ban_cache_last_read(make_user):
    """The move path reads the ban with the seats, under the table's lock: a ban the cache
    has not heard of (written by another process, say) refuses the move all the same."""
    ann, bob = make_user("ann"), make_user("bob")
    created = services.table_create(ann, "german")
    services.seat_take(bob, created.pk, 1)
    table = services.table_start(ann, created.pk)
    assert ban_active(bob) is None  # cached: not banned
    Ban.objects.create(user=bob, reason="cheating", created_by=ann)
    with pytest.raises(services.ServiceError) as refused:
        services.move_play(table.pk, {"action": "play", "card": "2C"}, user=bob)
    assert refused.value.code == "banned" and "cheating" in refused.value.message


async def opening_closes_with(make_user: Any, monkeypatch: Any, path: str, fail: Any) -> int:
    """The close code of a table's or the lobby's socket whose opening calls `fail`."""
    from games.sockets import lobby_lists, table_opening

    ann = await db(make_user)("ann")
    created = await db(services.table_create)(ann, "german")
    monkeypatch.setattr(table_opening, "opening_read", fail)
    monkeypatch.setattr(lobby_lists, "build_page", fail)
    lobby_lists.pages_clear()
    where = f"/ws/table/{created.pk}/" if path == "table" else "/ws/lobby/"
    ws = Communicator(application, where, headers=await db(session_headers)(None))
    await ws.connect()
    code = await closed_with(ws)
    await drain(ws)
    return code


@pytest.mark.parametrize("path", ["table", "lobby"])
async def test_a_socket_whose_opening_fails_is_closed_with_4011(make_user, monkeypatch, path):
    """RFC 6455's 1011 cannot be sent (autobahn allows 1000 and 3000-4999 only): the close
    failed and the socket stayed open, silent; 4011 is the documented code instead."""

    def fail(*args, **kwargs):
        raise RuntimeError("a handler that fails")

    assert await opening_closes_with(make_user, monkeypatch, path, fail) == 4011


@pytest.mark.parametrize("path", ["table", "lobby"])
@pytest.mark.parametrize("failure", ["raised_while_handling_redis", "cache_away"])
async def test_an_opening_that_fails_because_a_service_is_away_is_closed_with_4013(
    make_user, monkeypatch, path, failure
):
    """4013, which the page retries, when the failure comes from a service that cannot be
    reached: an error the client raised while handling Redis' own (its dropped connection),
    or an error of any kind while the shared cache does not answer (before, both 4011)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    from runtime.process_cache import ProcessCache

    def cache_away(self, *args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    def fail(*args, **kwargs):
        if failure == "cache_away":  # Redis goes as the page is built
            monkeypatch.setattr(ProcessCache, "get", cache_away, raising=False)
            raise RuntimeError("a handler that fails")
        try:
            raise RedisConnectionError("Connection closed by server.")
        except RedisConnectionError:
            raise AttributeError("'NoneType' object has no attribute 'write'")  # noqa: B904

    assert await opening_closes_with(make_user, monkeypatch, path, fail) == 4013
