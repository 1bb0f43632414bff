"""Who is at the table: sockets opening and closing, the grace period, coming back from away."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import broadcast
from games.gamestate import state_for
from games.models import Seat, Table
from games.scheduling import run_later
from games.services.errors import ServiceError
from games.services.turns import bump, lock_table, plan_turn


def seat_connect(table_id: int, user: Any) -> int | None:
    """A socket of `user` opened; returns their seat index (None: not seated). Ends `away`."""
    if user is None or not user.is_authenticated:
        return None
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            return None
        seat.connections += 1
        seat.last_seen = timezone.now()
        seat.save(update_fields=["connections", "last_seen"])
        if seat.connections == 1 or seat.away:
            _return(table, seats, seat)
        return seat.index


def seat_disconnect(table_id: int, user: Any) -> None:
    """A socket of `user` closed; the last one starts the grace period before `away`."""
    if user is None or not user.is_authenticated:
        return
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None or seat.connections == 0:
            return
        seat.connections -= 1
        seat.last_seen = timezone.now()
        seat.save(update_fields=["connections", "last_seen"])
        if seat.connections:
            return
        bump(table)
        table.save(update_fields=["version"])
        broadcast.table_changed(table.pk)
        if table.status == Table.Status.PLAYING:
            args = (table.pk, seat.index, seat.last_seen.isoformat())
            transaction.on_commit(lambda: run_later("away_check", args, settings.WHIST_AWAY_GRACE))


def away_check(table_id: int, index: int, stamp: str) -> bool:
    """After the grace period: a player still disconnected since `stamp` is marked away."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = seats[index] if index < len(seats) else None
        if table.status != Table.Status.PLAYING or seat is None or seat.connections:
            return False
        if seat.away or seat.last_seen is None or seat.last_seen.isoformat() != stamp:
            return False
        seat.away = True
        seat.save(update_fields=["away"])
        _replan(table, seats, seat.index)
        return True


def seat_back(table_id: int, user: Any) -> None:
    """The player is back: the stand-in bot stops (not for a resigned Knockout player)."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = next((s for s in seats if user is not None and s.user_id == user.pk), None)
        if seat is None:
            raise ServiceError("not_seated", "you have no seat at this table")
        if seat.away:
            _return(table, seats, seat)


def _return(table: Table, seats: list[Seat], seat: Seat) -> None:
    state = state_for(table) if table.status == Table.Status.PLAYING else None
    if seat.away and not (state is not None and seat.index in state.resigned):
        seat.away = False
        seat.save(update_fields=["away"])
        _replan(table, seats, seat.index)
        return
    bump(table)
    table.save()
    broadcast.table_changed(table.pk)


def _replan(table: Table, seats: list[Seat], index: int) -> None:
    """Who plays seat `index` changed: if it is to act, a new deadline and task for the turn."""
    bump(table)
    state = state_for(table) if table.status == Table.Status.PLAYING else None
    if state is not None and not state.over and state.to_act == index:
        plan_turn(table, seats, state)
    table.save()
    broadcast.table_changed(table.pk)
