"""A change whose publish never came (its process died between the commit and the publish: a
cut host, tests/hosts/test_hosts.py) reaches the sockets that missed it once a socket's
opening reads it from the database (games/sockets/state_cache.py): the cut host's players
reconnect elsewhere, and nothing else may ever come to mend it. Without that, the seat to
act held the version before and waited for a turn it never saw. Where no socket opens, the
process's look at its quiet tables' versions mends it (games/sockets/lost_publishes.py):
here the looks are made by the tests, one at a time, but where the test says otherwise."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from games import services
from games.sockets import lost_publishes, state_cache

from .helpers import deal_where, german_table, play_first_legal, state, table
from .test_consumers import connect, db, until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def looks_by_hand(settings):
    """No look of the process's own during a test: the tests make them."""
    settings.WHIST_LOST_PUBLISH_EVERY = 3600


class Cut(Exception):
    """The committing process's end, right after its commit."""


def _cut() -> None:
    raise Cut


def move_then_cut(table_id: int, user: Any, seat: int) -> None:
    """The seat's move, committed by a process that ends at once: the first of the commit's
    hooks raises, so none after it runs (the publish among them)."""
    with transaction.atomic():
        transaction.on_commit(_cut)
        play_first_legal(table_id, user, seat)


async def test_a_move_whose_publish_was_lost_reaches_the_seat_to_act_when_a_socket_opens(
    make_user,
):
    waiting, committed, table_id = await lost_publish_at_a_quiet_table(make_user)
    assert await waiting.receive_nothing(timeout=1), "the move's publish was lost"

    # Someone opens a socket at the table in this process (a spectator: no seat's
    # `connected` changes, so no new version comes of it).
    watcher = await connect(f"/ws/table/{table_id}/")
    assert (await until(watcher, "state"))["version"] == committed
    mended = await until(waiting, "state")
    assert mended["version"] == committed and mended["view"]["to_act"] == mended["seat"]
    assert state_cache.builds["behind"] >= 1
    await watcher.disconnect()
    await waiting.disconnect()


async def test_a_newer_state_read_for_a_table_nobody_here_listens_to_is_not_published_again(
    make_user,
):
    """What the process holds of a table it no longer listens to is old for a good reason:
    a newer one read for a socket's opening there is no lost publish."""
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    first = await connect(f"/ws/table/{t.pk}/")
    held = (await until(first, "state"))["version"]
    await first.disconnect()
    mover = (await db(state)(t.pk)).to_act
    await db(play_first_legal)(t.pk, {0: ann, 1: bob}[mover], mover)
    behind = state_cache.builds["behind"]

    second = await connect(f"/ws/table/{t.pk}/")
    assert (await until(second, "state"))["version"] > held
    assert state_cache.builds["behind"] == behind
    await second.disconnect()


async def lost_publish_at_a_quiet_table(make_user: Any) -> tuple[Any, int, int]:
    """A socket of the seat that does not move, then the other seat's move committed by a
    process that ends before its publish: (that socket, the version committed, the table)."""
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    mover = (await db(state)(t.pk)).to_act
    users = {0: ann, 1: bob}
    waiting = await connect(f"/ws/table/{t.pk}/", users[1 - mover])
    await until(waiting, "state")
    shown = await until(waiting, "state")  # its `connected`
    with pytest.raises(Cut):
        await db(move_then_cut)(t.pk, users[mover], mover)
    committed = (await db(table)(t.pk)).version
    assert committed > shown["version"]
    return waiting, committed, t.pk


async def test_a_lost_publish_where_no_socket_opens_is_mended_by_the_second_look_after_it(
    make_user,
):
    waiting, committed, _ = await lost_publish_at_a_quiet_table(make_user)
    assert await lost_publishes.look() == 0  # the table's version heard, not yet quiet
    assert await waiting.receive_nothing(timeout=1), "the move's publish was lost"
    assert await lost_publishes.look() == 1  # quiet over a look: the database is newer
    mended = await until(waiting, "state")
    assert mended["version"] == committed
    assert mended["view"]["to_act"] == mended["seat"]
    await waiting.disconnect()


async def test_the_process_looks_by_itself_while_a_socket_of_a_table_listens(make_user, settings):
    settings.WHIST_LOST_PUBLISH_EVERY = 0.2
    waiting, committed, _ = await lost_publish_at_a_quiet_table(make_user)
    behind = state_cache.builds["behind"]
    assert (await until(waiting, "state"))["version"] == committed
    assert state_cache.builds["behind"] == behind + 1
    await waiting.disconnect()


async def test_tables_whose_publishes_came_cost_one_read_a_look_and_no_build(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    tables = [await db(german_table)(ann, bob) for _ in range(2)]
    sockets = []
    for t in tables:
        for user in (ann, bob):
            sockets.append(socket := await connect(f"/ws/table/{t.pk}/", user))
            await until(socket, "state")
    for t in tables:  # a published move at each
        mover = (await db(state)(t.pk)).to_act
        await db(play_first_legal)(t.pk, {0: ann, 1: bob}[mover], mover)
    for t, socket in zip([t for t in tables for _ in (0, 1)], sockets, strict=True):
        version = (await db(table)(t.pk)).version
        await until(socket, "state", lambda m, v=version: m["version"] >= v)
    builds, looks = state_cache.builds["state"], lost_publishes.counts["looks"]
    for _ in range(3):
        assert await lost_publishes.look() == 0
    assert lost_publishes.counts["looks"] == looks + 2  # the first look had seen nothing
    assert state_cache.builds["state"] == builds
    for socket in sockets:
        assert await socket.receive_nothing(timeout=0.1)
    for socket in sockets:
        await socket.disconnect()


def bot_leads(user: Any) -> Any:
    """A German Whist table of `user` (seat 0) and a bot, dealt for the bot to lead."""
    created = services.table_create(user, "german", bot_levels=[None, "club"])
    t = services.table_start(user, created.pk)
    deal_where(t.pk, lambda dealt: dealt.to_act == 1)
    return t


def bot_move_then_cut(table_id: int) -> None:
    """The bot's move, by a worker whose host is cut right after the commit."""
    with transaction.atomic():
        transaction.on_commit(_cut)
        assert services.bot_play(table_id, table(table_id).moves)


async def test_a_bots_move_whose_publish_was_lost_reaches_the_human_it_left_to_act(
    make_user, queued
):
    ann = await db(make_user)("ann")
    t = await db(bot_leads)(ann)
    waiting = await connect(f"/ws/table/{t.pk}/", ann)
    await until(waiting, "state")
    shown = await until(waiting, "state")  # its `connected`
    assert shown["view"]["to_act"] == 1
    with pytest.raises(Cut):
        await db(bot_move_then_cut)(t.pk)
    committed = (await db(table)(t.pk)).version
    assert await lost_publishes.look() == 0
    assert await waiting.receive_nothing(timeout=1), "the bot's publish was lost"
    assert await lost_publishes.look() == 1
    mended = await until(waiting, "state")
    assert (mended["version"], mended["view"]["to_act"]) == (committed, 0)
    await waiting.disconnect()
