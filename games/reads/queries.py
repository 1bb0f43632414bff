"""Reads of the card room's rows: a table with its seats, whose seat is whose, who may watch
a table, who plays a seat now (a bot, a stand-in), a player's unfinished tables and games."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, Prefetch, QuerySet

from accounts.models import Ban
from games.engine import State
from games.models import Presence, Seat, Table
from games.reads import rows
from games.reads.sight import cards_open

INVITES_SESSION_KEY = "games_invites"


def seats_with_sockets() -> QuerySet[Seat]:
    """Seats in order, with their users and how many sockets each player has open."""
    return (
        Seat.objects.select_related("user")
        .annotate(open_sockets=Count("sockets"))
        .order_by("index")
    )


def table_seats(table_id: int) -> list[Seat]:
    """One table's seats as `seats_with_sockets` gives them (in order, with their users and
    open sockets), and whether each seat's user is banned now (`user_banned`, read under the
    row lock, so the move path needs no cache read of its own), in one query written out:
    every change reads them under the row lock, and compiling the ORM's query cost more CPU
    than running it. tests/games/test_move_queries.py compares both."""
    user_model = get_user_model()
    seat_plan, user_plan = rows.plan(Seat), rows.plan(user_model)
    found = rows.fetch(_seats_sql(), [rows.now_param(), table_id])
    seats = []
    for row in found:
        seat = seat_plan.build(row)
        seat.open_sockets = row[seat_plan.size]
        seat.user = user_plan.build(row, seat_plan.size + 1) if seat.user_id is not None else None
        seat.user_banned = bool(row[-1])
        seats.append(seat)
    return seats


@cache
def _seats_sql() -> str:
    q = connection.ops.quote_name
    seat, presence, user, ban = (
        q(m._meta.db_table) for m in (Seat, Presence, get_user_model(), Ban)
    )
    return (
        f"SELECT {rows.columns(Seat, 's')},"
        f" (SELECT COUNT(*) FROM {presence} p WHERE p.seat_id = s.id),"
        f" {rows.columns(get_user_model(), 'u')},"
        f" EXISTS (SELECT 1 FROM {ban} b WHERE b.user_id = s.user_id"
        f" AND b.lifted_at IS NULL AND (b.until IS NULL OR b.until > %s))"
        f" FROM {seat} s LEFT JOIN {user} u ON u.id = s.user_id"
        f" WHERE s.table_id = %s ORDER BY s.{q('index')}"
    )


def table_get(table_id: int) -> Table | None:
    """The table with its seats (and their users) loaded, or None."""
    found = (
        Table.objects.select_related("created_by", "rematch")
        .prefetch_related(Prefetch("seats", queryset=seats_with_sockets()))
        .filter(pk=table_id)
    )
    # Not `.first()`: compiling its ORDER BY, for at most one row, cost more than the query
    # while a load run's sockets opened (docs/benchmarks.md, "Reconnect waves").
    return next(iter(found[:1]), None)


def table_versions(table_ids: list[int]) -> dict[int, int]:
    """The version of each of these tables that exists (one read by primary key). On
    PostgreSQL the ids go as one array: the ORM's `pk__in` of a few hundred ids cost this
    thread several times the CPU (docs/benchmarks.md, "lost publishes")."""
    if connection.vendor != "postgresql":
        return dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "version"))
    with connection.cursor() as cursor:
        cursor.execute(_versions_sql(), [list(table_ids)])
        return dict(cursor.fetchall())


@cache
def _versions_sql() -> str:
    q = connection.ops.quote_name
    return f"SELECT id, version FROM {q(Table._meta.db_table)} WHERE id = ANY(%s)"


def table_with_seats(table_id: int) -> tuple[Table, list[Seat]] | None:
    """The table and its seats as `table_seats` gives them, in two statements written out
    (a state's build: every socket's first after a restart); None if there is no table."""
    found = rows.fetch(_table_sql(), [table_id])
    return (rows.plan(Table).build(found[0]), table_seats(table_id)) if found else None


@cache
def _table_sql() -> str:
    q = connection.ops.quote_name
    return f"SELECT {rows.columns(Table, 't')} FROM {q(Table._meta.db_table)} t WHERE t.id = %s"


def seat_of(seats: Iterable[Seat], user: Any) -> Seat | None:
    """The seat `user` holds among `seats` (a table's), if any: the one place that says so."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def user_seat(table: Table, user: Any) -> Seat | None:
    """The seat `user` holds at `table`, if any."""
    return seat_of(table.seats.all(), user)


def unfinished_tables(user: Any) -> QuerySet[Table]:
    """The tables open or in play at which `user` holds a seat (one row each)."""
    unfinished = [Table.Status.OPEN, Table.Status.PLAYING]
    return Table.objects.filter(status__in=unfinished, seats__user=user).distinct()


def is_seated(table_id: int, user: Any) -> bool:
    """Whether `user` holds a seat at the table, from one query (no table loaded)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(table_id=table_id, user_id=user.pk).exists()


def has_invite(table: Table, session: Any) -> bool:
    invites = (session or {}).get(INVITES_SESSION_KEY) or {}
    return bool(table.invite_token) and invites.get(str(table.pk)) == table.invite_token


def can_watch(table: Table, user: Any, session: Any = None, seated: bool | None = None) -> bool:
    """Public tables for anyone; private ones for their players, creator and invitees; a
    held board's table (games.reads.sight) for its own players alone. `seated`: whether the
    user holds a seat there, if known (else read from the table's seats)."""
    shown = cards_open(table, user)
    if shown and not table.private:
        return True
    if seated if seated is not None else user_seat(table, user) is not None:
        return True
    if not shown:
        return False
    if user is not None and user.is_authenticated and table.created_by_id == user.pk:
        return True
    return has_invite(table, session)


def current_takeback(table: Table) -> dict[str, Any] | None:
    """The take-back asked for (games.services.takebacks), if no move was made since."""
    offer = table.takeback_offer
    if not offer or table.status != Table.Status.PLAYING or offer["moves"] != table.moves:
        return None
    return offer


def current_offer(table: Table) -> dict[str, Any] | None:
    """The claim on offer to the others (games.services.claim_offers), if no move was made
    since it was offered."""
    offer = table.claim_offer
    if not offer or table.status != Table.Status.PLAYING or offer["moves"] != table.moves:
        return None
    return offer


def plays_by_bot(seat: Seat, state: State) -> bool:
    """A bot seat, a human marked away, or (Knockout) a resigned player."""
    return bool(seat.bot) or seat.away or seat.user_id is None or seat_resigned(state, seat.index)


def seat_resigned(state: State | None, index: int) -> bool:
    """Whether the seat's player resigned: in Knockout Whist they stay in the seat and a bot
    plays it to the end; in Whist and German Whist resigning ends the match (docs/rules.md,
    the rules common to all three games). The engine refuses the player's own moves for such a
    seat (`games.engine.apply_by_player`); this tells presence and the turn planner that the
    stand-in bot plays it."""
    return state is not None and index in state.resigned
