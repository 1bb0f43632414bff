"""A human's move as one statement: checked in the process against the table and seats it
holds for the table's version (games/held.py) and written in autocommit by a compare-and-set
(games/services/move_sql.py `compare_and_set`): the move's row and the table's new version,
only if the table's row still has the version (and the other fields a move reads) and its
seats the digest that the move was checked against, read after the statement locked the row.

Every change that matters to a move either bumps the table's version (they all end in
games/services/moves.py `commit`) or is caught by the digest (a socket's opening, which
publishes `connected` later; a ban of a player whose seat is already away) or by value (a
held board let go). The timer's due time is not checked: the statement takes it from the
row and arms a new timer as `_arm_timer` would, seeing the row's (a timer that ran early
writes its new due time without a new version, once per table per time limit, and sent
the next move down the locked path). Anything else — nothing held, a refusal, a claim, the
game's last move, an away player's return, a statement that finds something changed —
takes the locked path, which decides as before: the held values never refuse a move.

What follows the commit is the locked path's: the same `commit`, which asks for its
`transaction.on_commit` callbacks only once the move is written; in autocommit Django runs
each at once, so a statement that finds the table changed (`Raced`) has told nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.db import connection
from django.utils import timezone

from accounts.models import User
from games import held
from games.engine import IllegalAction, State, action_from_event, apply_by_player
from games.engine.actions import CLAIM, HINT, TAKEBACK
from games.gamestate import state_for
from games.models import Move, Seat, Table
from games.reads.queries import seat_of
from games.services import move_sql


class Raced(Exception):
    """The statement found the table or its seats changed: nothing was written."""


def play(
    table_id: int, user: User | None, sent: dict[str, Any], version: int | None,
    commit: Callable[..., State | None],
) -> State | None:  # fmt: skip
    """The move written by one statement, or None: the caller takes the locked path.
    `commit`: games/services/moves.py's, with its writer replaced by the compare-and-set."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    found = held.take(table_id)
    checked = _checked(found, user, sent, version) if found is not None else None
    if checked is None:
        return None
    table, seats, action, applied = checked
    expected = {name: getattr(table, name) for name in held.CHECKED if name != "timer_due"}
    write = partial(_write, expected=expected, digest=held.digest(seats))
    try:
        return commit(table, seats, action=action, by=Move.By.HUMAN, write=write, applied=applied)
    except Raced:
        return None


def _checked(
    found: tuple[Table, list[Seat]], user: User | None, sent: dict[str, Any],
    version: int | None,
) -> tuple[Table, list[Seat], Any, State] | None:  # fmt: skip
    """The table, seats and action if the held values let the move through this path, and
    the state after it (the engine's answer, which `commit` reuses)."""
    table, seats = found
    seat = seat_of(seats, user)
    if seat is None or seat.user_banned or seat.away or table.status != Table.Status.PLAYING:
        return None
    if version is not None and not (
        isinstance(version, int) and table.game_version <= version <= table.version
    ):
        return None
    state = state_for(table)
    try:
        action = action_from_event({**sent, "seat": seat.index})
        if state is None or action.kind in (CLAIM, TAKEBACK, HINT):
            return None
        applied = apply_by_player(state, action)
        if applied.over:  # the last move: the locked path records it
            return None
    except (IllegalAction, ValueError, KeyError, TypeError):
        return None
    return table, seats, action, applied


def _write(
    table: Table, names: list[str], inserted: Move | None = None, task: tuple | None = None,
    *, expected: dict[str, Any], digest: str,
) -> tuple | None:  # fmt: skip
    """The move written, and the task that follows it (`task`, `commit`'s plan). A human's
    timed turn (a timeout task planned, or none because the held timer looked pending)
    arms its timer in the statement, from the row's due time: `task` becomes the timeout
    task if the statement armed one, else None."""
    assert inserted is not None  # a move
    timed = table.turn_deadline is not None and (task is None or task[0] == "turn_timeout")
    arm_at, now = (table.turn_deadline if timed else None), timezone.now()
    due = move_sql.compare_and_set(table, names, inserted, expected, digest, arm_at, now)
    if due is False:
        raise Raced
    table.timer_due = due
    if arm_at is None:
        return task
    if due != arm_at:  # a timer is pending by the deadline: it sets itself again
        return None
    return "turn_timeout", (table.pk, table.moves), (arm_at - now).total_seconds()
