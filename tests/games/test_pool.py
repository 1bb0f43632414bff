"""The quick-play pool for people through the lobby socket and its service, in one process:
rated and casual tables, refusals that keep the socket, a join from another page, a leave,
the slot limit, the watchdog's tick. Several servers: tests/games/test_pool_servers.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from accounts.models import Block
from games import services
from games.engine import make_rules
from games.engine.descriptors import is_standard
from games.models import PoolEntry, Seat, Table
from tests.games.helpers import Communicator
from tests.games.test_consumers import until
from whistsite.asgi import application

from .conftest import session_headers

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def lobby(user: Any = None) -> Communicator:
    communicator = Communicator(
        application, "/ws/lobby/?pool=1", headers=await db(session_headers)(user)
    )
    connected, _ = await communicator.connect()
    assert connected
    await until(communicator, "pool_counts")
    return communicator


async def join(communicator: Communicator, **wish: Any) -> None:
    await communicator.send_json_to({"type": "pool_join", **wish})


async def test_a_rated_pool_table_plays_the_standard_rules_and_is_rated(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    a, b = await lobby(ann), await lobby(bob)
    await join(a, game="german", rated=True)
    assert (await until(a, "pool_waiting"))["rated"] is True
    await join(b, game="german", rated=True)
    seated = await until(b, "pool_seated")
    assert (await until(a, "pool_seated")) == seated
    table = await db(Table.objects.get)(pk=seated["table_id"])
    assert table.rated and table.status == Table.Status.PLAYING
    assert is_standard(make_rules(table.game, table.players, table.preset or None,
                                  **table.options))  # fmt: skip
    await a.disconnect()
    await b.disconnect()


async def test_a_casual_pool_table_is_casual(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    a, b = await lobby(ann), await lobby(bob)
    await join(a, game="knockout", players=2)
    await join(b, game="knockout", players=2)
    seated = await until(b, "pool_seated")
    table = await db(Table.objects.get)(pk=seated["table_id"])
    assert not table.rated and table.game == "knockout" and table.players == 2
    await a.disconnect()
    await b.disconnect()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"game": "bridge"}, "bad_message"),
        ({"game": "whist", "rated": "yes"}, "bad_message"),
        ({"game": "whist", "bots_after": "soon"}, "bad_message"),
        ({"game": "whist", "colour": "red"}, "bad_message"),
        ({"game": "whist", "bots_after": 7}, "bad_wait"),
        ({"game": "whist", "level": "grandmaster"}, "bad_bot"),
        ({"game": "knockout", "players": 9}, "bad_rules"),
    ],
)
async def test_a_bad_join_gets_an_error_and_the_socket_stays(make_user, frame, code):
    ann = await db(make_user)("ann")
    a = await lobby(ann)
    await join(a, **frame)
    error = await until(a, "error")
    assert error["code"] == code and error["message"]
    await a.send_json_to({"type": "ping"})
    assert await until(a, "pong") == {"type": "pong"}
    assert await db(PoolEntry.objects.count)() == 0
    await a.disconnect()


async def test_an_anonymous_visitor_is_asked_to_log_in(make_user):
    a = await lobby(None)
    await join(a, game="whist")
    assert (await until(a, "error"))["code"] == "login_required"
    await a.disconnect()


async def test_joining_from_another_page_moves_the_wait_there(make_user):
    ann = await db(make_user)("ann")
    first, second = await lobby(ann), await lobby(ann)
    await join(first, game="whist")
    await until(first, "pool_waiting")
    await join(second, game="whist")
    await until(second, "pool_waiting")
    assert (await until(first, "pool_left"))["code"] == "moved"
    await first.disconnect()  # the page it left holds no wait any more: nothing to leave
    assert await db(PoolEntry.objects.filter(user=ann).count)() == 1
    await second.send_json_to({"type": "pool_leave"})
    assert (await until(second, "pool_left"))["code"] == "left"
    assert await db(PoolEntry.objects.count)() == 0
    await second.disconnect()


async def test_a_player_with_every_slot_taken_is_refused(make_user, settings):
    settings.WHIST_MAX_OPEN_TABLES = 1
    ann = await db(make_user)("ann")
    await db(services.table_create)(ann, "whist")
    a = await lobby(ann)
    await join(a, game="whist")
    assert (await until(a, "error"))["code"] == "too_many_tables"
    await a.disconnect()


def test_the_watchdog_tick_seats_those_whose_bot_wait_passed(make_user):
    ann = make_user("ann")
    services.pool_join(ann, "channel-a", "german", bots_after=15, bot_level="expert")
    assert services.pool_sweep() == 0  # not yet due
    PoolEntry.objects.update(joined=timezone.now() - timedelta(seconds=16))
    assert services.pool_sweep() == 1
    (table,) = Table.objects.filter(seats__user=ann)
    assert [s.bot for s in Seat.objects.filter(table=table)].count("expert") == 1
    assert not PoolEntry.objects.exists()


def test_the_watchdog_tick_drops_the_waits_of_a_dead_server(make_user):
    ann = make_user("ann")
    services.pool_join(ann, "channel-a", "whist")
    PoolEntry.objects.update(process="gone-server")
    services.pool_sweep()
    assert not PoolEntry.objects.exists()


async def test_only_a_page_that_shows_the_pool_gets_its_counts(make_user):
    ann = await db(make_user)("ann")
    headers = await db(session_headers)(None)
    plain = Communicator(application, "/ws/lobby/", headers=headers)
    assert (await plain.connect())[0]
    assert (await plain.receive_json_from(timeout=5))["type"] == "tables"
    a = await lobby(ann)
    await join(a, game="whist")
    await until(a, "pool_counts")
    await plain.send_json_to({"type": "ping"})
    assert (await plain.receive_json_from(timeout=5)) == {"type": "pong"}  # no pool_counts
    await a.disconnect()
    await plain.disconnect()


def test_a_player_is_never_seated_with_someone_they_blocked_or_who_blocked_them(make_user):
    ann, bob, cy, dee = (make_user(name) for name in ("ann", "bob", "cy", "dee"))
    Block.objects.create(owner=ann, blocked=bob)
    for user in (ann, bob, cy, dee):  # the same rating: ann and bob are each other's nearest
        services.pool_join(user, f"channel-{user.username}", "german")

    tables = [{s.user_id for s in Seat.objects.filter(table=t)} for t in Table.objects.all()]
    assert len(tables) == 2 and {ann.pk, bob.pk} not in tables
    assert set().union(*tables) == {ann.pk, bob.pk, cy.pk, dee.pk}
