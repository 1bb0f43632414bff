"""Your turn at a table you are not looking at (games.signals.turn_waiting, a few seconds
on): one notice a table until it is read."""

from __future__ import annotations

from games.gamestate import state_for
from games.models import Seat, Table
from social.models import Kind, Notification
from social.services.notifications import notify


def turn_notify(table_id: int, user_id: int, moves: int) -> Notification | None:
    """Tell the player it is their turn, if it still is (no move since `moves`), they still
    have no socket at the table, and no unread notice of this table's turn is theirs."""
    table = Table.objects.filter(pk=table_id, moves=moves, status=Table.Status.PLAYING).first()
    seat = Seat.objects.filter(table_id=table_id, user_id=user_id).first()
    if table is None or seat is None or seat.away or seat.connections:
        return None
    state = state_for(table)
    if state is None or state.over or state.to_act != seat.index:
        return None
    unread = Notification.objects.filter(
        user_id=user_id, kind=Kind.TURN, read=False, data__table_id=table_id
    )
    if unread.exists():
        return None
    return notify(user_id, Kind.TURN, {"table_id": table_id, "game": table.game})
