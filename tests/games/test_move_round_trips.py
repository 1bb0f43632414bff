"""A move's round trips to PostgreSQL, counted on the wire through the real ASGI stack (one
statement when the process holds the table's version: tests/games/test_move_cas.py), and
what the locked path's move is checked against read under its table's row lock: the seats,
their open sockets and bans as the lock's last holder left them (games/services/moves.py
`lock_table`).

The two clauses pull against each other. The seats cannot come in one statement with the
lock (a join, or a CTE with FOR UPDATE OF the table): such a statement reads them from the
snapshot taken before it waited for the lock, so it misses what the lock's holder committed
meanwhile (the second test fails so). Sent in one message after the lock (the simple query
protocol, a snapshot per statement) they are read right, but unprepared: PostgreSQL parsed
and planned both statements on every move, 0.27 ms more of its CPU per move for no gain in
the server's (docs/benchmarks.md, 2026-12-06 third session)."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import pytest
from django.db import connection, transaction
from django.db.backends.utils import CursorWrapper
from psycopg import pq

from accounts.models import Ban
from games import held, services
from games.services.moves import lock_table
from games.sockets import table_opening
from runtime import scheduling
from social import receivers as social_receivers

from .helpers import state, until
from .test_consumers import connect, db
from .test_move_queries import started
from .test_socket_opening import counted

pytestmark = pytest.mark.django_db(transaction=True)
# A player's move, from its frame to its state, when the process holds the table's version
# (games/held.py: its socket's first state was built here): one compare-and-set statement
# (games/services/move_cas.py). Else the locked path: BEGIN; the row lock; the seats with
# their users, open sockets and bans; the move's row with the table's UPDATE; COMMIT.
MOVE_ROUND_TRIPS, LOCKED_ROUND_TRIPS = 1, 5
MOVE_EXECUTES, LOCKED_EXECUTES, MOVE_HOPS = 1, 3, 1  # Django's executes; thread pool visits


class Wire:
    """libpq's trace of each connection that sent a statement meanwhile (every thread of the
    pool has its own): the messages this process sent to PostgreSQL."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.traced: dict[int, tuple[Any, IO[bytes]]] = {}
        self.lines: list[str] = []

    def trace(self, pgconn: Any) -> None:
        with self.lock:
            if id(pgconn) in self.traced:
                return
            out = tempfile.TemporaryFile()
            pgconn.trace(out.fileno())
            pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
            self.traced[id(pgconn)] = (pgconn, out)

    def stop(self) -> None:
        for pgconn, out in self.traced.values():
            pgconn.untrace()  # flushes the trace
            out.seek(0)
            self.lines += out.read().decode().splitlines()
            out.close()

    def round_trips(self) -> list[str]:
        """What the client sent that the server answers before the next: a simple query
        (Query) or an extended one (Parse, Bind, Execute... up to its Sync), each told by
        its first message."""
        trips, first = [], None
        for line in self.lines:
            fields = line.split("\t")
            if fields[0] != "F":
                continue
            first = first or " ".join(fields[2:])[:100]
            if fields[2] in ("Query", "Sync"):
                trips.append(first)
                first = None
        return trips


@contextmanager
def on_the_wire(monkeypatch: pytest.MonkeyPatch) -> Iterator[Wire]:
    wire = Wire()
    execute = CursorWrapper._execute_with_wrappers

    def traced(cursor: Any, *args: Any, **kwargs: Any) -> Any:
        wire.trace(cursor.db.connection.pgconn)  # before the statement: its BEGIN is sent first
        return execute(cursor, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(CursorWrapper, "_execute_with_wrappers", traced)
        try:
            yield wire
        finally:
            wire.stop()


@pytest.mark.parametrize(
    ("game", "players", "held_here"),
    [("german", 2, True), ("whist", 4, True), ("whist", 4, False)],
)
async def test_a_move_is_one_round_trip_to_the_database(
    make_user, monkeypatch, game, players, held_here
):
    """A player's move through the real stack (frame, consumer, thread pool, commit, the
    state back): MOVE_ROUND_TRIPS messages to PostgreSQL, whatever the table's size;
    LOCKED_ROUND_TRIPS when the process holds nothing of the table (a restarted one)."""
    monkeypatch.setattr(table_opening, "PUBLISH_DELAY", 3600.0)  # the connect's, not the move's
    monkeypatch.setattr(social_receivers, "run_later", lambda *args, **kwargs: None)
    monkeypatch.setattr(scheduling, "_watchdog_tick", lambda *args, **kwargs: None)
    table, users = await db(started)(make_user, game, players)
    leader = (await db(state)(table.pk)).to_act
    ws = await connect(f"/ws/table/{table.pk}/", users[leader])
    shown = await until(ws, "state")
    card = shown["view"]["legal"][0]["card"]
    act = {"type": "act", "version": shown["version"], "action": {"action": "play", "card": card}}
    if not held_here:
        held.clear()
    with on_the_wire(monkeypatch) as wire, counted(monkeypatch) as cost:
        await ws.send_json_to(act)
        after = await until(ws, "state")
    await ws.disconnect()
    assert after["version"] == shown["version"] + 1
    trips, executes = (MOVE_ROUND_TRIPS, MOVE_EXECUTES) if held_here else (
        LOCKED_ROUND_TRIPS, LOCKED_EXECUTES)  # fmt: skip
    assert len(wire.round_trips()) == trips, wire.round_trips()
    assert len(cost.sql) == executes, cost.sql
    assert len(cost.hops) == MOVE_HOPS, cost.hops


def _lock_waiters() -> int:
    """How many lock requests wait now (pg_locks is read live)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0]


def test_a_move_reads_the_seats_as_the_row_locks_last_holder_left_them(make_user):
    """A change that holds the table's lock and writes seats' rows without the table's (a
    socket opening, a ban) commits while a move waits for the lock: the move sees them. (With
    the seats joined to the lock's statement, FOR UPDATE OF the table, it saw no socket.)"""
    table, users = started(make_user, "whist", 4)
    seen: list[Any] = []

    def waiting_move() -> None:
        try:
            with transaction.atomic():
                seen.append(lock_table(table.pk)[1])
        except Exception as exc:
            seen.append(exc)
        finally:
            connection.close()

    with transaction.atomic():  # the lock's holder
        lock_table(table.pk)
        move = threading.Thread(target=waiting_move)
        move.start()
        while _lock_waiters() == 0 and move.is_alive():
            move.join(0.05)  # until the move waits for the table's row
        services.seat_open(table.pk, users[1], "socket-1")
        Ban.objects.create(user=users[2], reason="test")
    move.join()
    (seats,) = seen
    assert [s.open_sockets for s in seats] == [0, 1, 0, 0]
    assert [s.user_banned for s in seats] == [False, False, True, False]
