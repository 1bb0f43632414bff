"""Who is at the table: sockets opening and closing (or lost with their server), the grace
period, coming back from away."""

from __future__ import annotations

from datetime import datetime
from functools import cache, lru_cache
from typing import NamedTuple

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from accounts.models import User
from games.gamestate import state_for
from games.models import Presence, Seat, Table
from games.reads import rows
from games.reads.queries import is_seated, seat_of, seat_resigned
from games.services import errors
from games.services.moves import commit, lock_table
from runtime import processes, scheduling


def seat_connect(table_id: int, user: User, channel: str) -> int | None:
    """Socket `channel` of `user` opened; returns their seat index (None: not seated). Ends
    `away`; a change of `connected` alone is published at once (seat_open defers it)."""
    opened = seat_open(table_id, user, channel)
    if opened.publish:
        presence_publish(table_id, opened.version)
    return opened.seat


class Opened(NamedTuple):
    """What seat_open did: the seat's index (None: not seated), whether `connected` is
    still to be published, and the table's version after it."""

    seat: int | None
    publish: bool
    version: int


def seat_open(table_id: int, user: User, channel: str) -> Opened:
    """Socket `channel` of `user` opened. A player back from `away` is
    published at once (a bot stops standing in); a seat's first socket only changes
    `connected`, which the caller publishes with presence_publish, once for every socket of
    the table that opened meanwhile: after a restart each seat's socket made a version of
    its own, built and sent to every socket of the table (docs/benchmarks.md, the storm)."""
    if user is None or not user.is_authenticated:
        return Opened(None, False, -1)
    with transaction.atomic():
        # The table's row locked, its version and the user's seat in one statement, and the
        # socket's row with the seat's last_seen in another (written out: a restart opens
        # every socket at once, and the ORM's table, seats, INSERT and UPDATE were four
        # statements compiled per socket).
        found = rows.fetch(_open_sql(), [user.pk, table_id])
        if not found:
            lock_table(table_id)  # the table has gone: refused as every change is
        version, seat_id, index, away, open_sockets = found[0]
        if seat_id is None:
            return Opened(None, False, version)
        _presence_write(seat_id, channel, timezone.now())
        if away:
            table, seats = lock_table(table_id)  # locked already: the whole table, to return
            _return(table, seats, index)
            return Opened(index, False, table.version)
        # `open_sockets` was counted under the row lock, before this socket's row.
        return Opened(index, open_sockets == 0, version)


@cache
def _open_sql() -> str:
    """The table's version and the user's seat (id, index, away, open sockets), the table's
    row locked (FOR UPDATE OF where the database has it: PostgreSQL; SQLite has one writer)."""
    q = connection.ops.quote_name
    table, seat, presence = (q(m._meta.db_table) for m in (Table, Seat, Presence))
    lock = " FOR UPDATE OF t" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT t.version, s.id, s.{q('index')}, s.away,"
        f" (SELECT COUNT(*) FROM {presence} p WHERE p.seat_id = s.id)"
        f" FROM {table} t LEFT JOIN {seat} s ON s.table_id = t.id AND s.user_id = %s"
        f" WHERE t.id = %s{lock}"
    )


def _presence_write(seat_id: int, channel: str, now: datetime) -> None:
    """The socket's row (a recount finds its row: INSERT .. ON CONFLICT) and the seat's
    last_seen; one statement where the database has data-modifying WITH (PostgreSQL)."""
    at = connection.ops.adapt_datetimefield_value(now)
    upsert, touch = _presence_sql()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"WITH p AS ({upsert}) {touch}",
                [channel, seat_id, at, processes.current(), at, seat_id],
            )
        else:
            cursor.execute(upsert, [channel, seat_id, at, processes.current()])
            cursor.execute(touch, [at, seat_id])


@cache
def _presence_sql() -> tuple[str, str]:
    q = connection.ops.quote_name
    presence, seat = q(Presence._meta.db_table), q(Seat._meta.db_table)
    upsert = (
        f"INSERT INTO {presence} (channel, seat_id, seen, process) VALUES (%s, %s, %s, %s)"
        " ON CONFLICT (channel) DO UPDATE SET seat_id = EXCLUDED.seat_id,"
        " seen = EXCLUDED.seen, process = EXCLUDED.process"
    )
    return upsert, f"UPDATE {seat} SET last_seen = %s WHERE id = %s"


def presence_publish(table_id: int, since: int = -1) -> None:
    """The table's seats' `connected` as they are now, as one new version (after seat_open),
    unless a version after `since` (the newest of the opens it publishes) committed
    meanwhile: that change's views were built after those sockets' rows were written, so
    they show them (another process's publish, a move)."""
    with transaction.atomic():
        try:
            table, seats = lock_table(table_id)
        except errors.ServiceError:  # the table has gone meanwhile
            return
        if table.version <= since or since < 0:
            commit(table, seats, seats_read=True)


def seat_heartbeat(table_id: int, user: User, channel: str) -> int | None:
    """Socket `channel` is still open: keep it counted. A socket the sweep dropped (its
    server was silent too long), or of a user who sat down since, is counted again."""
    found = rows.fetch(_beat_sql(), [rows.now_param(), channel])
    if found:  # its row and its seat's index, read in the one statement
        return found[0][0]
    if not is_seated(table_id, user):
        return None  # a spectator: nothing to count, no lock taken
    return seat_connect(table_id, user, channel)


def seats_heartbeat(beats: list[tuple[int, User, str]]) -> None:
    """`seat_heartbeat` for many sockets of a process at once, (table id, user, channel)
    each: their rows refreshed in one statement; a socket that has no row (swept, or its
    user sat down since) is counted again as `seat_heartbeat` counts it."""
    channels = [channel for _table_id, _user, channel in beats]
    if connection.vendor == "postgresql":  # the channels as one array
        sql, params = _beats_sql(0), [rows.now_param(), channels]
    else:  # SQLite (make run) has no arrays: a placeholder each
        sql, params = _beats_sql(len(channels)), [rows.now_param(), *channels]
    found = {row[0] for row in rows.fetch(sql, params)}
    for table_id, user, channel in beats:
        if channel not in found:
            seat_heartbeat(table_id, user, channel)


@lru_cache(maxsize=64)
def _beats_sql(places: int) -> str:
    """The beats' statement: the channels as one array (`places` 0), or in `places`
    placeholders."""
    q = connection.ops.quote_name
    seen, channel = (Presence._meta.get_field(n).column for n in ("seen", "channel"))
    match = f"IN ({', '.join(['%s'] * places)})" if places else "= ANY(%s)"
    return (
        f"UPDATE {q(Presence._meta.db_table)} SET {q(seen)} = %s"
        f" WHERE {q(channel)} {match} RETURNING {q(channel)}"
    )


@cache
def _beat_sql() -> str:
    """A beat in one statement written out: the socket's row refreshed and its seat's index
    read back. The ORM's UPDATE and then SELECT were two round trips and two compiled
    queries per open socket every WHIST_PRESENCE_BEAT seconds (5% of a loaded Daphne's
    samples under bench/load.py: docs/benchmarks.md)."""
    q = connection.ops.quote_name
    presence, seat = q(Presence._meta.db_table), q(Seat._meta.db_table)
    seen, channel, seat_id = (
        Presence._meta.get_field(n).column for n in ("seen", "channel", "seat")
    )
    index, pk = Seat._meta.get_field("index").column, Seat._meta.pk.column
    return (
        f"UPDATE {presence} SET {q(seen)} = %s WHERE {q(channel)} = %s RETURNING"
        f" (SELECT s.{q(index)} FROM {seat} s WHERE s.{q(pk)} = {presence}.{q(seat_id)})"
    )


def seat_disconnect(table_id: int, channel: str) -> None:
    """Socket `channel` closed; the last one of a seat starts the grace period before `away`."""
    if not Presence.objects.filter(channel=channel).exists():
        return  # a spectator's socket, or one swept already or whose player stood up
    with transaction.atomic():
        table, seats = lock_table(table_id)
        gone = Presence.objects.filter(channel=channel).select_related("seat").first()
        if gone is not None:  # read again under the lock
            gone.delete()
            if _closed(seats[gone.seat.index], timezone.now()):
                commit(table, seats)  # `connected` changed
                _start_grace(table, seats[gone.seat.index])


def _closed(seat: Seat, when: datetime) -> bool:
    """One socket of `seat` is gone (closed at `when`); whether it was the last (then the
    seat's `connected` changed: the caller commits that and starts the grace period)."""
    seat.last_seen = max(seat.last_seen or when, when)
    seat.save(update_fields=["last_seen"])
    return not seat.sockets.exists()


def _start_grace(table: Table, seat: Seat) -> None:
    """After the commit, the grace period of a player whose last socket closed: then away."""
    if table.status == Table.Status.PLAYING:
        last_seen = seat.last_seen
        transaction.on_commit(lambda: _queue_away_check(table.pk, seat.index, last_seen))


def _queue_away_check(table_id: int, index: int, last_seen: datetime) -> None:
    """The away check of a seat whose last socket closed at `last_seen`, due when its
    grace period ends."""
    grace = settings.WHIST_AWAY_GRACE - (timezone.now() - last_seen).total_seconds()
    args = (table_id, index, last_seen.isoformat())
    scheduling.run_later("away_check", args, max(grace, 0.0))


def away_check(table_id: int, index: int, stamp: str) -> bool:
    """After the grace period: a player still disconnected since `stamp` is marked away."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = seats[index] if index < len(seats) else None
        if table.status != Table.Status.PLAYING or seat is None or seat.sockets.exists():
            return False
        if seat.away or seat.last_seen is None or seat.last_seen.isoformat() != stamp:
            return False
        if seat_resigned(state_for(table), index):  # a bot plays it already; resigned, not away
            return False
        commit(table, seats, away={index: True})
        return True


def seat_back(table_id: int, user: User) -> None:
    """The player is back: the stand-in bot stops (not for a resigned Knockout player).
    Refused to a banned player, whose seat a bot plays."""
    errors.check_ban(user)
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = seat_of(seats, user)
        if seat is None:
            raise errors.no_seat()
        if seat.away:
            _return(table, seats, seat.index)


def _return(table: Table, seats: list[Seat], index: int) -> None:
    """The seat's player is here (again): no longer away, unless they resigned (a bot plays a
    resigned Knockout seat anyway); `connected` changed either way."""
    state = state_for(table) if table.status == Table.Status.PLAYING else None
    back = seats[index].away and not (state is not None and seat_resigned(state, index))
    commit(table, seats, away={index: False} if back else None)
