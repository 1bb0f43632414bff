"""The version grows by one per change (docs/protocol.md §"Server → client"): through a whole
game of humans, bots, a timeout, a return and a resignation, the table's group on the real
channel layer and the players' sockets see every version once, in order, with no gap."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import timezone

from games import broadcast, services, tasks
from games.engine.views import seat_view
from games.models import Move, Seat, Table
from games.reads import queries

from .helpers import german_table, state, table
from .test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


class Listener:
    """A channel in the table's group: every `table.state` broadcast's version, in order."""

    def __init__(self, table_id: int) -> None:
        self.layer = get_channel_layer()
        self.table_id = table_id
        self.versions: list[int] = []

    async def join(self) -> None:
        self.channel = await self.layer.new_channel()
        await self.layer.group_add(broadcast.table_group(self.table_id), self.channel)

    async def until(self, version: int) -> None:
        """Receive broadcasts until `version` has come (fails after 5 s)."""
        while not self.versions or self.versions[-1] < version:
            event = await asyncio.wait_for(self.layer.receive(self.channel), timeout=5)
            if event["type"] == "table.state":
                self.versions.append(event["version"])


async def socket_versions(ws: Any, version: int, seen: list[int]) -> None:
    """Read the socket's frames until its `state` reaches `version`, noting each state's."""
    while not seen or seen[-1] < version:
        message = await ws.receive_json_from(timeout=5)
        if message["type"] == "state":
            seen.append(message["version"])


def _act(table_id: int, users: dict[int, Any]) -> str:
    """One turn of the game: the bot's task if a bot plays the seat to act, else its human."""
    current = table(table_id)
    game = state(table_id)
    seat = current.seats.all()[game.to_act]
    if queries.plays_by_bot(seat, game):
        assert tasks.bot_move.run(table_id, current.moves)
        return "bot"
    event = {k: v for k, v in seat_view(game, seat.index)["legal"][0].items() if k != "seat"}
    if event["action"] == "exchange":
        event = {"action": "exchange", "discard": []}
    services.move_play(table_id, event, current.version, user=users[seat.index])
    return "human"


def _time_out(table_id: int) -> int:
    """The human to act runs out of time; the seat that became away."""
    Table.objects.filter(pk=table_id).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    current = table(table_id)
    assert tasks.turn_timeout.run(table_id, current.moves)
    return Seat.objects.get(table_id=table_id, away=True).index


def _turn_of(table_id: int) -> int:
    return state(table_id).to_act


def _play_until_seat(table_id: int, users: dict[int, Any], index: int) -> None:
    while table(table_id).status == Table.Status.PLAYING and _turn_of(table_id) != index:
        _act(table_id, users)


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs the Redis channel layer")
async def test_every_version_of_a_whole_game_is_seen_once_in_order(make_user, queued):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    created = await db(services.table_create)(ann, "knockout", 3, bot_levels=[None, None, "club"])
    listener = Listener(created.pk)
    await listener.join()
    users = {0: ann, 1: bob}
    await db(services.seat_take)(bob, created.pk, 1)
    await db(services.table_start)(ann, created.pk)
    ann_ws = await connect(f"/ws/table/{created.pk}/", ann)
    watcher_ws = await connect(f"/ws/table/{created.pk}/")
    ann_seen: list[int] = []
    watcher_seen: list[int] = []
    steps: list[str] = []

    async def settle() -> None:
        version = (await db(table)(created.pk)).version
        await listener.until(version)
        await socket_versions(ann_ws, version, ann_seen)
        await socket_versions(watcher_ws, version, watcher_seen)

    await settle()
    # A timeout: the seat becomes away and the stand-in bot plays the turn, one change.
    await db(_play_until_seat)(created.pk, users, 0)
    assert await db(_time_out)(created.pk) == 0
    steps.append("timeout")
    await settle()
    # A bot plays the away seat's next turn; then Ann returns by acting herself (one change).
    await db(_play_until_seat)(created.pk, users, 0)
    assert await db(_act)(created.pk, users) == "bot"
    await db(services.seat_back)(created.pk, ann)  # a return by "I'm back"
    steps.append("back")
    await settle()
    await db(_play_until_seat)(created.pk, users, 1)
    assert await db(_time_out)(created.pk) == 1
    await db(_play_until_seat)(created.pk, users, 1)
    await db(_act_by_returning)(created.pk, bob)  # Bob is back by playing: one change
    steps.append("return by a move")
    await settle()
    await db(services.move_play)(
        created.pk, {"action": "resign"}, (await db(table)(created.pk)).version, user=bob
    )
    steps.append("resign")
    await settle()
    while (await db(table)(created.pk)).status == Table.Status.PLAYING:
        await db(_act)(created.pk, users)
        await settle()

    final = (await db(table)(created.pk)).version
    assert (await db(table)(created.pk)).status == Table.Status.FINISHED
    assert steps == ["timeout", "back", "return by a move", "resign"]
    assert listener.versions == list(range(listener.versions[0], final + 1))
    assert ann_seen == list(range(ann_seen[0], final + 1))
    assert watcher_seen == list(range(watcher_seen[0], final + 1))
    await ann_ws.disconnect()
    await watcher_ws.disconnect()


def _act_by_returning(table_id: int, user: Any) -> None:
    """The away player to act plays a card themselves: back, and the move, in one change."""
    game = state(table_id)
    seat = Seat.objects.get(table_id=table_id, user=user)
    assert seat.away and game.to_act == seat.index
    before = table(table_id).version
    event = {k: v for k, v in seat_view(game, seat.index)["legal"][0].items() if k != "seat"}
    services.move_play(table_id, event, before, user=user)
    assert not Seat.objects.get(pk=seat.pk).away
    assert table(table_id).version == before + 1


def _version(table_id: int) -> int:
    return Table.objects.get(pk=table_id).version


@pytest.mark.usefixtures("queued")
def test_a_timeout_is_one_change_the_seat_away_and_the_stand_in_move(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    before = _version(t.pk)

    _time_out(t.pk)

    assert _version(t.pk) == before + 1
    assert Move.objects.get(table=t).by == Move.By.TIMEOUT


@pytest.mark.usefixtures("queued")
def test_an_away_player_who_acts_is_back_in_the_same_change_as_the_move(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seats_to_bots(ann)  # Ann is away (a ban would do this), and comes back by acting
    _play_until_seat(t.pk, {0: ann, 1: bob}, 0)

    _act_by_returning(t.pk, ann)


@pytest.mark.usefixtures("queued")
def test_i_am_back_is_one_change(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    away = _time_out(t.pk)
    before = _version(t.pk)

    services.seat_back(t.pk, [ann, bob][away])

    assert _version(t.pk) == before + 1
    assert not Seat.objects.get(table=t, index=away).away
