"""The move path's statements written out (games/services/move_sql.py): each value prepared
as Django's `save()` prepares it, each statement's text made once per shape."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.db import connection

from games.models import Move, Seat, Table
from games.services import move_sql
from games.services.moves import lock_table

from .test_move_cas import _hold
from .test_move_queries import first_legal, started

pytestmark = pytest.mark.django_db(transaction=True)


def _same(fast: Any, slow: Any) -> None:
    """The same parameter for the driver: same type, same value (a JSON wrapper by its
    object)."""
    assert type(fast) is type(slow)
    assert getattr(fast, "obj", fast) == getattr(slow, "obj", slow)


@pytest.mark.parametrize("model", [Table, Seat, Move])
def test_each_field_is_prepared_as_djangos_save_prepares_it(make_user, model):
    started_table, _users = started(make_user, "whist", 4)
    table, seats = lock_table(started_table.pk)
    move = Move(table=table, number=0, seat=0, event={"action": "play"}, by="human")
    row = {Table: table, Seat: seats[0], Move: move}[model]
    for field in model._meta.concrete_fields:
        value = getattr(row, field.attname)
        values = [value, None] if field.null else [value]
        if field.get_internal_type() == "DateTimeField":
            values.append(datetime(2026, 12, 6, 23, 0, tzinfo=UTC))
        for one in values:
            fast = move_sql._prep(field)(one, connection)
            _same(fast, field.get_db_prep_save(one, connection))


def test_a_naive_datetime_goes_through_its_field(make_user, settings):
    field = Table._meta.get_field("turn_deadline")
    naive = datetime(2026, 12, 6, 23, 0)  # noqa: DTZ001 - the case under test
    with pytest.warns(RuntimeWarning):
        fast = move_sql._prep(field)(naive, connection)
    with pytest.warns(RuntimeWarning):
        _same(fast, field.get_db_prep_save(naive, connection))


def test_a_moves_statement_text_is_made_once_per_shape(make_user):
    """Two moves at two tables: the second builds no statement text (failed before: each
    move wrote its statement's text and prepared its values field by field)."""
    from games import services

    for table_no in range(2):
        made, users = started(make_user, "whist", 4) if table_no == 0 else _second(make_user)
        current, state, event = first_legal(made.pk)
        _hold(made.pk)
        before = move_sql._cas_sql.cache_info()
        services.move_play(current.pk, event, current.version, user=users[state.to_act])
        after = move_sql._cas_sql.cache_info()
        assert after.hits + after.misses == before.hits + before.misses + 1
        if table_no == 1:
            assert after.misses == before.misses
    assert Move.objects.count() == 2


def _second(make_user: Any) -> tuple[Any, list[Any]]:
    users = [make_user(f"second{i}") for i in range(4)]
    from games import services

    created = services.table_create(users[0], "whist")
    for index, user in enumerate(users[1:], start=1):
        services.seat_take(user, created.pk, index)
    return services.table_start(users[0], created.pk), users


def test_a_moves_row_is_the_one_its_model_makes(make_user):
    """`new_row`, which a move's row is built by, makes what `Move(...)` makes: the same
    fields, the table cached, a row to add."""
    made, _users = started(make_user, "whist", 4)
    table, _seats = lock_table(made.pk)
    event = {"action": "play", "card": "KS"}
    slow = Move(table=table, number=3, seat=1, event=event, by="human")
    values = {"id": None, "table_id": table.pk, "number": 3, "seat": 1, "event": event,
              "by": "human", "created": None}  # fmt: skip
    fast = move_sql.new_row(Move, values, {"table": table})
    assert type(fast) is Move
    fields = {k: v for k, v in vars(slow).items() if k != "_state"}
    assert {k: v for k, v in vars(fast).items() if k != "_state"} == fields
    assert set(fields) == {f.attname for f in Move._meta.concrete_fields}
    assert (fast._state.adding, fast._state.db) == (slow._state.adding, slow._state.db)
    assert fast._state.fields_cache == slow._state.fields_cache == {"table": table}
    assert fast.table is table
