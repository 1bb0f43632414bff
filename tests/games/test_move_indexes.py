"""What a move writes to PostgreSQL's indexes: its table's UPDATE touches none (a HOT update:
a new version of the row on the same page, no index entry made), and its row in the move log
makes an entry only in the indexes it needs (docs/benchmarks.md, 2026-12-06 fifth session:
the WAL a move writes halved)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from django.db import connection, transaction
from django.utils import timezone

from games import held, services
from games.models import Move, Presence, Table
from games.services import moves, presence_drop

from .test_move_queries import first_legal, started

pytestmark = pytest.mark.django_db(transaction=True)


def _indexes(model: Any) -> dict[str, list[str]]:
    """The model's table's indexes and their columns, in order."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.relname, array_agg(a.attname ORDER BY k.n) FROM pg_index x"
            " JOIN pg_class i ON i.oid = x.indexrelid"
            " CROSS JOIN unnest(x.indkey) WITH ORDINALITY k(attnum, n)"
            " JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum"
            " WHERE x.indrelid = %s::regclass GROUP BY i.relname",
            [model._meta.db_table],
        )
        return dict(cursor.fetchall())


def _updates(model: Any = Table) -> tuple[int, int]:
    """The model's rows' updates so far, and of them the HOT ones."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
        cursor.execute(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relid = %s::regclass",
            [model._meta.db_table],
        )
        return cursor.fetchone()


@contextmanager
def _pruning_held_back(*models: Any) -> Iterator[None]:
    """Meanwhile another connection to this database holds a snapshot (REPEATABLE READ): no
    row version made after it can be pruned, so every version a row's updates make stays on
    its page, and an update is HOT only where the page has room for it. Under make test the
    other runs did so at times: a transaction holding an xid in any database of the server
    (another worker's test runs in one) bounds what a backend prunes on access, and a move's
    update found its page full of earlier tests' deleted rows: (6, 5) (docs/benchmarks.md,
    2026-12-07 "room for HOT updates"). `models`' tables are vacuumed first: those rows,
    which pruning may give back here, are gone, and each run starts from the same pages."""
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute(f"VACUUM {connection.ops.quote_name(model._meta.db_table)}")
    wanted = ("dbname", "user", "password", "host", "port")
    params = {k: v for k, v in connection.get_connection_params().items() if k in wanted}
    with psycopg.connect(**params) as other:
        other.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        other.execute("SELECT 1")  # the snapshot, held until the connection closes
        yield


def _more_rows(model: Any, make: Any, count: int = 80) -> None:
    """`count` new rows of `model` (more than a page of them), as new tables come to the lobby
    after a game started: each goes where an insert may, on the page of the rows just written
    while it has room (as much of it as the table's fill factor lets inserts take)."""
    model.objects.bulk_create([make(i) for i in range(count)])


def test_no_index_of_the_table_holds_a_column_that_a_move_writes():
    written = {Table._meta.get_field(name).column for name in moves._move_fields(False)}
    found = {name: columns for name, columns in _indexes(Table).items() if written & set(columns)}
    assert found == {}


def test_no_index_of_the_move_log_is_the_start_of_another():
    indexes = list(_indexes(Move).items())
    redundant = [
        (name, other)
        for name, columns in indexes
        for other, longer in indexes
        if other != name and len(longer) > len(columns) and longer[: len(columns)] == columns
    ]
    assert redundant == []


@pytest.mark.parametrize("held_here", [True, False])
def test_a_moves_update_of_its_table_is_hot(make_user, held_here):
    """Moves by the compare-and-set statement (the version held) and by the locked path; with
    nothing pruned meanwhile and the table's page filled by newer tables' rows: the room the
    moves' versions take is the room inserts left (the table's fill factor, games 0021)."""
    with _pruning_held_back(Table):
        started_table, users = started(make_user, "whist", 4)
        current, state, event = first_legal(started_table.pk)
        services.move_play(current.pk, event, current.version, user=users[state.to_act])
        _more_rows(Table, lambda i: Table(game="whist", players=4))
        updated, hot = _updates()
        for _ in range(6):
            if not held_here:
                held.clear()
            current, state, event = first_legal(started_table.pk)
            services.move_play(current.pk, event, current.version, user=users[state.to_act])
        after = _updates()
    assert (after[0] - updated, after[1] - hot) == (6, 6)


def test_no_index_of_the_open_sockets_holds_what_a_heartbeat_writes():
    seen = Presence._meta.get_field("seen").column
    assert {name: c for name, c in _indexes(Presence).items() if seen in c} == {}


def test_a_heartbeats_updates_are_hot(make_user):
    """With nothing pruned meanwhile and the sockets' page filled by newer sockets' rows, as
    for a move's update of its table (games 0021)."""
    started_table, users = started(make_user, "whist", 4)
    seat = started_table.seats.get(index=0)
    with _pruning_held_back(Presence):
        beats = []
        for index, user in enumerate(users):
            services.seat_open(started_table.pk, user, f"socket-{index}")
            beats.append((started_table.pk, user, f"socket-{index}"))
        now = timezone.now()
        _more_rows(Presence, lambda i: Presence(seat=seat, channel=f"other-{i}", seen=now), 120)
        updated, hot = _updates(Presence)
        for _ in range(3):
            services.seats_heartbeat(beats)
        after = _updates(Presence)
    assert (after[0] - updated, after[1] - hot) == (12, 12)


def test_a_stopping_processs_rows_are_found_by_an_index_on_process():
    """presence_drop_process's DELETE finds one server's rows by an index on `process`: it
    read every server's rows (EXPLAIN at 10,000 rows of 50 processes: a Seq Scan, 9,800
    rows removed by its filter; docs/benchmarks.md). Sequential scans are priced out here so
    that the plan says whether an index can serve, whatever the test table's size."""
    process = Presence._meta.get_field("process").column
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(
            "EXPLAIN (COSTS OFF) " + presence_drop._drop_sql(False),
            ["a-process", Table.Status.PLAYING.value],
        )
        plan = [line for (line,) in cursor.fetchall()]
    deleting = plan[plan.index(next(line for line in plan if "CTE gone" in line)) :]
    scan = next(line for line in deleting if "Scan" in line)
    assert "Index" in scan, plan
    assert [c for c in _indexes(Presence).values() if c[0] == process]
