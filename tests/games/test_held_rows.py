"""What a process holds of a table for the compare-and-set move (games/held.py): plain values,
not model instances, and from them instances as the database's rows make them."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Model

from games import held, services
from games.reads import queries

from .test_move_queries import started

pytestmark = pytest.mark.django_db(transaction=True)


def _with_a_bot(make_user: Any) -> int:
    """A started Whist table of three players and a bot."""
    users = [make_user(f"held{i}") for i in range(3)]
    created = services.table_create(users[0], "whist", bot_levels=[None, None, None, "beginner"])
    for index, user in enumerate(users[1:], start=1):
        services.seat_take(user, created.pk, index)
    return services.table_start(users[0], created.pk).pk


def _values(row: Model) -> dict[str, Any]:
    return {k: v for k, v in row.__dict__.items() if k != "_state"}


def _walk(value: Any) -> list[Any]:
    found = [value]
    if isinstance(value, tuple | list):
        for item in value:
            found.extend(_walk(item))
    return found


def test_a_held_table_holds_no_model_instance(make_user):
    table_id = _with_a_bot(make_user)
    held.hold(*queries.table_with_seats(table_id))
    kept = held._held[table_id]
    assert not [v for v in _walk(kept) if isinstance(v, Model | dict) and v != {}]


def test_a_taken_table_and_seats_are_the_rows_the_database_gives(make_user):
    """The same fields as a read gives (users: the ones a move's broadcast reads, the rest
    deferred), and instances as `from_db` makes them."""
    table_id = _with_a_bot(make_user)
    held.hold(*queries.table_with_seats(table_id))
    table, seats = held.take(table_id)
    read, read_seats = queries.table_with_seats(table_id)
    assert _values(table) == _values(read)
    for row, other in [(table, read), *zip(seats, read_seats, strict=True)]:
        assert type(row) is type(other)
        assert (row._state.adding, row._state.db) == (other._state.adding, other._state.db)
        assert row.get_deferred_fields() == set()
    for seat, other in zip(seats, read_seats, strict=True):
        assert _values(seat) == _values(other)
        assert (seat.connections, seat.user_banned) == (other.connections, other.user_banned)
        if other.user_id is None:
            assert seat.user is None
            continue
        user, whole = seat.user, other.user
        assert {n: getattr(user, n) for n in held.PLAYER} == {
            n: getattr(whole, n) for n in held.PLAYER
        }
        others = {f.attname for f in get_user_model()._meta.concrete_fields} - set(held.PLAYER)
        assert user.get_deferred_fields() == others


def test_a_players_field_not_held_is_read_when_asked(make_user, django_assert_num_queries):
    table, _users = started(make_user, "german", 2)
    held.hold(*queries.table_with_seats(table.pk))
    user = held.take(table.pk)[1][0].user
    joined = get_user_model().objects.get(pk=user.pk).date_joined
    with django_assert_num_queries(1):
        assert user.date_joined == joined


def test_a_taken_table_is_the_callers_own(make_user):
    table, _users = started(make_user, "german", 2)
    held.hold(*queries.table_with_seats(table.pk))
    taken, seats = held.take(table.pk)
    taken.moves += 5
    seats[0].away = True
    again, seats_again = held.take(table.pk)
    assert (again.moves, seats_again[0].away) == (table.moves, False)


def test_taken_seats_held_again_keep_their_values_unless_a_seats_away_changed(make_user):
    """A move by the compare-and-set path holds its new version with the seats' values it
    took (not read back from the instances); a seat set away is read from the instances."""
    table, _users = started(make_user, "german", 2)
    held.hold(*queries.table_with_seats(table.pk))
    before = held._held[table.pk].seats
    taken, seats = held.take(table.pk)
    taken.version += 1
    held.hold(taken, seats)
    assert held._held[table.pk].seats is before
    assert held._held[table.pk].table == held._Shape(type(taken)).values(taken)
    taken, seats = held.take(table.pk)
    taken.version += 1
    seats[1].away = True
    held.hold(taken, seats)
    assert held._held[table.pk].seats is not before
    assert held._held[table.pk].seats == held._values(taken, list(seats)).seats
    assert held.take(table.pk)[1][1].away is True
