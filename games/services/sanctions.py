"""A banned player leaves the card room: open tables free their seat, tables in play hand
it to the stand-in bot at once (as for an away player: games/services/moves.py `commit`)."""

from __future__ import annotations

from django.db import transaction

from accounts.models import User
from games.models import Table
from games.reads.queries import seat_of, unfinished_tables
from games.services.errors import ServiceError
from games.services.moves import commit, lock_table
from games.services.tables import seat_leave


def seats_to_bots(user: User) -> int:
    """Free or hand to bots every seat `user` holds at an unfinished table; how many."""
    table_ids = sorted(unfinished_tables(user).values_list("pk", flat=True))
    return sum(_seat_to_bot(table_id, user) for table_id in table_ids)


def _seat_to_bot(table_id: int, user: User) -> bool:
    with transaction.atomic():
        table, seats = lock_table(table_id)  # read again under the lock
        seat = seat_of(seats, user)
        if seat is None or table.status not in (Table.Status.OPEN, Table.Status.PLAYING):
            return False
        if table.status == Table.Status.OPEN:
            try:
                seat_leave(user, table_id)
            except ServiceError:
                return False
            return True
        if not seat.away:
            commit(table, seats, away={seat.index: True})
        return True
