"""A timed turn waiting for a player who is not at the table: they hear of it."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from games import signals
from games.engine import State
from games.models import Seat, Table
from games.reads.queries import plays_by_bot


def turn_elsewhere(table: Table, seats: list[Seat], state: State | None) -> None:
    """A human's turn at a table with a time limit, and the player has no socket open at
    it: `signals.turn_waiting` after the commit. The seats' open sockets were read under the
    table's lock (games.reads.queries.table_seats; otherwise counted here)."""
    if state is None or state.over or not table.time_limit:
        return
    seat = seats[state.to_act]
    if seat.user_id is None or plays_by_bot(seat, state) or seat.connections:
        return
    send = partial(signals.turn_waiting.send, sender=Table, table_id=table.pk,
                   user_id=seat.user_id, game=table.game, moves=table.moves)  # fmt: skip
    transaction.on_commit(send, robust=True)
