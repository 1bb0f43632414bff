"""The statements written out (games/reads/rows.py, games/services/move_sql.py) run on one
cursor kept per connection, not a cursor made and closed for each; a debug cursor still
logs each statement, and a new connection gets a cursor of its own."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Move
from games.reads import rows

from .test_move_cas import _hold
from .test_move_queries import first_legal, started

pytestmark = pytest.mark.django_db(transaction=True)


def _made(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The cursors `connection.cursor()` makes from now on."""
    made: list[Any] = []
    wrapper = type(connections[DEFAULT_DB_ALIAS])
    cursor = wrapper.cursor

    def counted(db: Any) -> Any:
        made.append(cursor(db))
        return made[-1]

    monkeypatch.setattr(wrapper, "cursor", counted)
    return made


def test_a_connections_statements_written_out_share_one_cursor(make_user, monkeypatch):
    """Three moves by the compare-and-set path (one statement each) and three reads written
    out make no cursor once the connection's is kept (failed before: one each)."""
    table, users = started(make_user, "whist", 4)
    rows.fetch("SELECT 1", [])  # the connection open, its cursor kept
    kept = rows.kept_cursor(connection)
    for _ in range(3):
        current, state, event = first_legal(table.pk)
        _hold(table.pk)
        made = _made(monkeypatch)
        services.move_play(current.pk, event, current.version, user=users[state.to_act])
        assert rows.fetch("SELECT %s", [7]) == [(7,)]
        assert made == []
        monkeypatch.undo()
    assert Move.objects.count() == 3
    assert rows.kept_cursor(connection) is kept


def test_a_debug_cursor_logs_each_statement_written_out(make_user):
    with CaptureQueriesContext(connection) as captured:
        for number in range(3):
            assert rows.fetch("SELECT %s", [number]) == [(number,)]
    assert [q["sql"] for q in captured.captured_queries] == [
        "SELECT 0",
        "SELECT 1",
        "SELECT 2",
    ]


def test_a_new_connection_gets_a_cursor_of_its_own(make_user):
    first = rows.kept_cursor(connection)
    assert rows.kept_cursor(connection) is first
    connection.close()
    second = rows.kept_cursor(connection)
    assert second is not first
    assert rows.fetch("SELECT %s", [1]) == [(1,)]
