"""Sockets dropped in bulk: the watchdog's sweep of silent sockets and of dead servers'
(`presence_sweep`), and a stopping server's own (`presence_drop_process`,
games/sockets/shutdown.py). Each drops its rows in a bounded number of statements however
many tables they are at (PostgreSQL's data-modifying WITH: one for the rows and the seats'
last_seen), queues the away check of each seat left without a socket, then publishes each
table whose seats lost their last socket as one change (games/services/presence.py
`presence_publish`). SQLite (one writer) keeps a locked transaction per table."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import cache
from typing import NamedTuple

from django.conf import settings
from django.db import OperationalError, connection, connections, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import Presence, Seat, Table
from games.reads import rows
from games.services import presence
from games.services.moves import commit, lock_table
from runtime import processes

log = logging.getLogger(__name__)


def presence_sweep() -> int:
    """Drop sockets whose server process is dead (its key expired: runtime/processes.py), or
    that it has not refreshed in WHIST_PRESENCE_STALE seconds (it died without closing them);
    their seats lose them as if closed. Returns how many.

    In one transaction of two statements, whatever the number of tables: the tables with
    such rows locked in the order of their ids (`_stale_tables_sql`: a change that locks two
    tables, a practice table's or a rematch's, locks the older first, and every other change
    locks one; a sweep waiting for a table holds no later table's lock, so it cannot close a
    cycle), then their rows deleted, read again under the locks (a beat that came in
    meanwhile keeps its row), with the seats' last_seen (`_drop_sql`). It was one locked
    transaction a table, a dozen statements each (docs/benchmarks.md)."""
    cutoff = timezone.now() - timedelta(seconds=settings.WHIST_PRESENCE_STALE)
    held = set(Presence.objects.exclude(process="").values_list("process", flat=True).distinct())
    dead = sorted(held - processes.alive(held))
    if connection.vendor != "postgresql":  # one writer (SQLite): table by table
        return _drop(Presence.objects.filter(Q(seen__lt=cutoff) | Q(process__in=dead)))
    at = connection.ops.adapt_datetimefield_value(cutoff)

    def swept() -> list[Dropped]:
        with transaction.atomic():
            tables = [found[0] for found in rows.fetch(_stale_tables_sql(), [at, dead])]
            if not tables:
                return []
            params = [tables, at, dead, Table.Status.PLAYING.value]
            return [Dropped(*found) for found in rows.fetch(_drop_sql(True), params)]

    seats = _retried(swept)
    for table_id in _closed_tables(seats):
        try:
            presence.presence_publish(table_id)  # locked: the version its broadcast is built at
        except Exception:  # the other tables' publishes are still worth trying
            log.exception("could not publish table %s's swept sockets", table_id)
    return sum(seat.rows for seat in seats)


def presence_drop_process(process: str, threads: int = 4) -> int:
    """A server that stops (SIGTERM) drops every socket it held at once, instead of one
    locked transaction per socket's disconnect: first all their rows in one statement
    (`_drop_sql`: the seats' last_seen with them), and the grace period of each seat left
    without a socket is queued; then each table whose seats lost their last socket
    publishes that as one change, `threads` tables at once (each thread with its own
    connection, closed at its end; daemons, so a process that stops meanwhile does not wait
    for them). The publishes are the best effort: a process stopped before it reaches a
    table has left no row behind, and a page that reconnects publishes its seat again. How
    many rows. Without the tables' locks: a stopping server's 100 tables were 100 locked
    transactions, cut off by its 8 s grace on a loaded machine."""
    if connection.vendor != "postgresql":  # one writer (SQLite): table by table, as a sweep
        return _drop(Presence.objects.filter(process=process))
    params = [process, Table.Status.PLAYING.value]
    seats = _retried(lambda: [Dropped(*found) for found in rows.fetch(_drop_sql(False), params)])
    dropped = sum(seat.rows for seat in seats)
    tables = sorted(_closed_tables(seats), reverse=True)
    log.info("dropped %d presence rows of process %s in one statement; %d tables to publish",
             dropped, process, len(tables))  # fmt: skip

    def work() -> None:
        try:
            while tables:
                try:
                    table_id = tables.pop()
                except IndexError:
                    return
                try:
                    presence.presence_publish(table_id)  # locked: its version and broadcast
                except Exception:  # the other tables' publishes are still worth trying
                    log.exception("could not publish table %s's dropped sockets", table_id)
        finally:
            connections.close_all()

    workers = [threading.Thread(target=work, daemon=True) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return dropped


class Dropped(NamedTuple):
    """A seat that lost sockets in `_drop_sql`: how many, its last_seen after it, whether
    it has none left (`closed`) and whether its table is in play."""

    table_id: int
    index: int  # type: ignore[assignment]  # the seat's, as Seat names it (not tuple.index)
    last_seen: datetime
    rows: int
    closed: bool
    playing: bool


def _closed_tables(seats: list[Dropped]) -> list[int]:
    """The away check of each seat left without a socket at a table in play, queued at once
    (a bot that takes over an absent seat does not wait for the publishes); the tables whose
    seats lost their last socket, in order."""
    for seat in seats:
        if seat.closed and seat.playing:
            presence._queue_away_check(seat.table_id, seat.index, seat.last_seen)
    return sorted({seat.table_id for seat in seats if seat.closed})


def _retried(drop: Callable[[], list[Dropped]]) -> list[Dropped]:
    """`drop`, tried once more if PostgreSQL ends it for a deadlock (the other bulk drop, a
    sweep or a stopping server, deleting some of the same rows in another order)."""
    try:
        return drop()
    except OperationalError:
        return drop()


@cache
def _stale_tables_sql() -> str:
    """The tables with a stale row (silent since the cutoff, or of a dead process), locked in
    the order of their ids (PostgreSQL sorts, then locks each row as it returns it)."""
    q = connection.ops.quote_name
    presence_, seat, table = (q(m._meta.db_table) for m in (Presence, Seat, Table))
    return (
        f"SELECT t.id FROM {table} t WHERE t.id IN (SELECT s.table_id FROM {presence_} p"
        f" JOIN {seat} s ON s.id = p.seat_id WHERE p.seen < %s OR p.process = ANY(%s))"
        " ORDER BY t.id FOR UPDATE OF t"
    )


@cache
def _drop_sql(swept: bool) -> str:
    """The rows deleted, each seat's last_seen moved on to its rows' latest beat, the seats
    touched returned, in one statement (data-modifying WITH). `swept`: the stale rows at the
    tables locked (their ids, the cutoff, the dead processes); else a process's rows. The
    outer query sees the rows as they were before the DELETE: a seat is `closed` if each of
    its rows is gone. GREATEST skips a NULL last_seen, as `_closed`'s max does."""
    q = connection.ops.quote_name
    presence_, seat, table = (q(m._meta.db_table) for m in (Presence, Seat, Table))
    index = q("index")
    where = (
        f"USING {seat} s WHERE p.seat_id = s.id AND s.table_id = ANY(%s)"
        " AND (p.seen < %s OR p.process = ANY(%s))"
        if swept
        else "WHERE p.process = %s"
    )
    return (
        f"WITH gone AS (DELETE FROM {presence_} p {where} RETURNING p.seat_id, p.seen,"
        " p.channel),"
        " latest AS (SELECT seat_id, MAX(seen) AS seen, COUNT(*) AS n FROM gone"
        " GROUP BY seat_id),"
        f" touched AS (UPDATE {seat} s SET last_seen = GREATEST(s.last_seen, l.seen)"
        f" FROM latest l WHERE s.id = l.seat_id RETURNING s.id, s.table_id, s.{index},"
        " s.last_seen, l.n)"
        f" SELECT d.table_id, d.{index}, d.last_seen, d.n, NOT EXISTS (SELECT 1 FROM"
        f" {presence_} p WHERE p.seat_id = d.id AND p.channel NOT IN (SELECT channel FROM"
        f" gone)), t.status = %s FROM touched d JOIN {table} t ON t.id = d.table_id"
    )


def _drop(stale: QuerySet[Presence]) -> int:
    """Drop the presence rows of `stale` (a queryset), table by table under its lock; a seat
    that lost its last socket is disconnected and its grace period starts (SQLite)."""
    return sum(_drop_table(t, stale) for t in set(stale.values_list("seat__table_id", flat=True)))


def _drop_table(table_id: int, stale: QuerySet[Presence]) -> int:
    """`_drop` at one table."""
    dropped = 0
    with transaction.atomic():
        table, seats = lock_table(table_id)
        locked = stale.filter(seat__table=table).select_related("seat").order_by("seen")
        left = []
        for gone in locked:  # read again under the lock: a beat may have come in
            gone.delete()
            if presence._closed(seats[gone.seat.index], gone.seen):
                left.append(seats[gone.seat.index])
            dropped += 1
        if left:
            commit(table, seats)  # one change for all the seats that lost their sockets
        for seat in left:
            presence._start_grace(table, seat)
    return dropped
