"""No query in a loop on the move path: a move and its broadcast cost as many queries at
a table of four humans as at a table of two."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Ban
from games import broadcast, gamestate, held, services
from games.engine.views import seat_view
from games.gamestate import state_for
from games.models import Presence, Seat, Table
from games.reads import queries
from games.sockets import state_cache

from .helpers import table

pytestmark = pytest.mark.django_db(transaction=True)
# The lock; the seats with their users and bans; the move's row and the table's UPDATE, in one
# statement; the transaction and its savepoint: none per seat.
MOVE_QUERIES = 7
BROADCAST_QUERIES = 2  # a change other than a move reads the table (creator, rematch) and its seats


def started(make_user: Any, game: str, players: int) -> tuple[Any, list[Any]]:
    users = [make_user(f"{game}{i}") for i in range(players)]
    created = services.table_create(users[0], game)
    for index, user in enumerate(users[1:], start=1):
        services.seat_take(user, created.pk, index)
    return services.table_start(users[0], created.pk), users


def first_legal(table_id: int) -> tuple[Any, Any, dict[str, Any]]:
    """The table, its state and the first legal action of the seat to act."""
    current = table(table_id)
    state = state_for(current)
    event = {k: v for k, v in seat_view(state, state.to_act)["legal"][0].items() if k != "seat"}
    return current, state, event


@pytest.mark.parametrize(("game", "players"), [("german", 2), ("whist", 4)])
def test_a_move_takes_a_bounded_number_of_queries(
    make_user, django_assert_max_num_queries, game, players
):
    started_table, users = started(make_user, game, players)
    current, state, event = first_legal(started_table.pk)
    with django_assert_max_num_queries(MOVE_QUERIES), transaction.atomic():
        services.move_play(current.pk, event, current.version, user=users[state.to_act])
        transaction.set_rollback(True)  # the broadcast is measured on its own, below


@pytest.mark.parametrize(("game", "players"), [("german", 2), ("whist", 4)])
def test_a_broadcast_takes_the_same_queries_for_any_number_of_seats(
    make_user, django_assert_max_num_queries, game, players
):
    started_table, _users = started(make_user, game, players)
    state_for(table(started_table.pk))  # the state is cached, as after a move's commit
    with django_assert_max_num_queries(BROADCAST_QUERIES):
        broadcast.send_table_state(started_table.pk)


@pytest.mark.parametrize(("game", "players"), [("german", 2), ("whist", 4)])
def test_a_moves_broadcast_is_built_from_the_locked_table_without_reading_it_again(
    make_user, monkeypatch, game, players
):
    started_table, users = started(make_user, game, players)
    current, state, event = first_legal(started_table.pk)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(broadcast, "send", lambda group, message: sent.append(message))
    with CaptureQueriesContext(connection) as queries:  # the commit and its hooks
        services.move_play(current.pk, event, current.version, user=users[state.to_act])
    reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT")]
    table_reads = [sql for sql in reads if re.search(r'FROM "?games_table"?(\s|$)', sql)]
    assert len(table_reads) == 1  # the lock
    assert "FOR UPDATE" in table_reads[0] or not connection.features.has_select_for_update
    (message,) = sent
    assert message["version"] == current.version + 1
    assert [uid for uid, _seat, _text in message["seated"]] == [u.pk for u in users]


def test_a_tables_written_out_seats_are_the_orms_seats(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    created = services.table_create(ann, "knockout", 4, bot_levels=[None, None, "club", None])
    services.seat_take(bob, created.pk, 1)
    seat = Seat.objects.get(table=created, index=1)
    for channel in ("a", "b"):
        Presence.objects.create(seat=seat, channel=channel, seen=timezone.now())

    def described(seats: list[Seat]) -> list[tuple]:
        return [
            (s.pk, s.index, s.bot, s.away, s.user_id, s.open_sockets, s.user and s.user.username)
            for s in seats
        ]

    orm = list(queries.seats_with_sockets().filter(table_id=created.pk))
    assert described(queries.table_seats(created.pk)) == described(orm)
    assert [s.open_sockets for s in orm] == [0, 2, 0, 0]


def test_a_tables_written_out_seats_say_whose_user_is_banned_now(make_user):
    ann, bob, cy, dee = (make_user(name) for name in ("ann", "bob", "cy", "dee"))
    created = services.table_create(ann, "knockout", 4)
    for index, user in enumerate((bob, cy, dee), start=1):
        services.seat_take(user, created.pk, index)
    now = timezone.now()
    Ban.objects.create(user=bob, reason="for ever", created_by=ann)
    Ban.objects.create(user=cy, reason="over", created_by=ann, until=now - timedelta(minutes=1))
    Ban.objects.create(user=dee, reason="lifted", created_by=ann, lifted_at=now)
    Ban.objects.create(user=ann, reason="a week", created_by=bob, until=now + timedelta(days=7))
    assert [s.user_banned for s in queries.table_seats(created.pk)] == [True, True, False, False]


@pytest.mark.parametrize(("game", "players"), [("german", 2), ("whist", 4)])
def test_a_move_another_process_made_keeps_this_processs_state_current(
    make_user, monkeypatch, django_assert_num_queries, game, players
):
    """The broadcast carries the move; a process holding the state before it applies it
    (games/gamestate.py `advance`) and reads no move log for the table's next move."""
    started_table, users = started(make_user, game, players)
    current, state, event = first_legal(started_table.pk)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(broadcast, "send", lambda group, message: sent.append(message))
    services.move_play(current.pk, event, current.version, user=users[state.to_act])
    (message,) = sent
    assert message["move"]["number"] == current.moves
    after = table(current.pk)
    expected = state_for(after)
    # This process as another one: it held the state before the move, then the broadcast came.
    gamestate.cache_clear()
    gamestate.cache_put(current.pk, current.seed, current.moves, state)
    state_cache.remember(message)
    with django_assert_num_queries(0):
        advanced = state_for(after)
    assert advanced is not expected
    assert [seat_view(advanced, i) for i in range(players)] == [
        seat_view(expected, i) for i in range(players)
    ]


def test_a_broadcast_for_another_game_or_a_later_move_leaves_the_cached_state_alone(make_user):
    started_table, _users = started(make_user, "german", 2)
    current, state, event = first_legal(started_table.pk)
    gamestate.cache_put(current.pk, current.seed, current.moves, state)
    for move in (
        {"seed": current.seed + 1, "number": current.moves, "event": event},  # another game
        {"seed": current.seed, "number": current.moves + 1, "event": event},  # one missed
    ):
        gamestate.advance(current.pk, move)
        assert gamestate._get(current.pk, current.seed) == (current.moves, state)


def test_a_move_heard_by_every_socket_of_a_process_is_applied_there_once(make_user, monkeypatch):
    """Each socket of the table hands the broadcast to the process's cache
    (games/sockets/state_cache.py `remember`): the first applies its move to the state and
    the rows held here, the others find it applied."""
    started_table, users = started(make_user, "whist", 4)
    current, state, event = first_legal(started_table.pk)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(broadcast, "send", lambda group, message: sent.append(message))
    services.move_play(current.pk, event, current.version, user=users[state.to_act])
    applied: list[str] = []
    for module in (gamestate, held):
        monkeypatch.setattr(module, "advance", lambda *a, m=module, f=module.advance: (
            applied.append(m.__name__), f(*a)))  # fmt: skip
    for _socket in range(4):
        state_cache.remember(dict(sent[-1]))
    assert sorted(applied) == ["games.gamestate", "games.held"]


def test_a_timer_that_finds_the_deadline_moved_on_writes_the_table_once(make_user, queued):
    """The timer ran (its due time passed) and the turn's deadline is later: it sets itself
    again for the deadline in one UPDATE of the table (it was two: the timer cleared, then set)."""
    started_table, _users = started(make_user, "whist", 4)
    now = timezone.now()
    deadline = now + timedelta(seconds=30)
    Table.objects.filter(pk=started_table.pk).update(
        timer_due=now - timedelta(seconds=1), turn_deadline=deadline
    )
    queued_before = len(queued)  # the start's own timer
    with CaptureQueriesContext(connection) as done:
        assert not services.timeout_play(started_table.pk)
    writes = [q["sql"] for q in done.captured_queries if q["sql"].startswith("UPDATE")]
    assert len(writes) == 1, writes
    assert table(started_table.pk).timer_due == deadline
    assert [name for name, _args in queued[queued_before:]] == ["turn_timeout"]
