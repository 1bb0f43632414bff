"""Moves of humans, bots and timeouts: all through `commit_action`, under the table's row lock."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import broadcast
from games.engine import IllegalAction, State, action_from_event, legal_actions
from games.engine.bots import choose_action
from games.engine.views import seat_view
from games.gamestate import state_for
from games.models import Move, Seat, Table
from games.scheduling import run_later
from games.selectors import plays_by_bot
from games.services.errors import ServiceError, explained
from games.services.turns import bump, commit_action, current_state, lock_table

log = logging.getLogger(__name__)


def move_play(table_id: int, event: Any, version: int | None = None, *, user: Any = None) -> State:
    """A human's decision for their own seat; the seat comes from `user`, never from `event`."""
    if not isinstance(event, dict):
        raise ServiceError(
            "bad_message", _("an action is an object such as {action: play, card: KS}")
        )
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = _own_seat(seats, user)
        if table.status != Table.Status.PLAYING:
            raise ServiceError("not_playing", _("the table is not in play"))
        _check_version(table, version)
        state = current_state(table)
        if table.game == "knockout" and seat.index in state.resigned:
            raise ServiceError("resigned", _("you resigned: a bot plays your seat"))
        action = _action({**event, "seat": seat.index})
        if seat.away:
            _come_back(table, seat)
        return commit_action(table, seats, state, action, Move.By.HUMAN)


def _own_seat(seats: list[Seat], user: Any) -> Seat:
    if user is None or not user.is_authenticated:
        raise ServiceError("not_seated", _("log in and take a seat to play"))
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise ServiceError("not_seated", _("you have no seat at this table"))
    return seat


def _check_version(table: Table, version: int | None) -> None:
    # Changes that are not moves (someone connecting) do not make a move stale.
    if version is None:
        return
    if not isinstance(version, int) or not table.game_version <= version <= table.version:
        raise ServiceError(
            "stale",
            _("the game has changed: you saw version %(seen)s, it is at %(now)s")
            % {"seen": version, "now": table.version},
        )


def _action(event: dict[str, Any]) -> Any:
    try:
        return action_from_event(event)
    except IllegalAction as exc:
        raise ServiceError(exc.code, explained(exc)) from exc


def _come_back(table: Table, seat: Seat) -> None:
    seat.away = False
    seat.save(update_fields=["away"])
    bump(table)


@contextmanager
def _turn(table_id: int, expected_moves: int) -> Iterator[tuple[Table, list[Seat], State] | None]:
    """The locked table, its seats and game state, or None if it moved on since the task."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        if table.status != Table.Status.PLAYING or table.moves != expected_moves:
            yield None
        else:
            yield table, seats, current_state(table)


def bot_play(table_id: int, expected_moves: int) -> bool:
    """Play for the seat to act if a bot plays it and nothing moved since; True if it played."""
    with _turn(table_id, expected_moves) as turn:
        if turn is None:
            return False
        table, seats, state = turn
        seat = seats[state.to_act]
        if not plays_by_bot(seat, state):
            return False
        commit_action(table, seats, state, _bot_action(table, seat, state), Move.By.BOT)
        return True


def _bot_action(table: Table, seat: Seat, state: State) -> Any:
    """The bot's choice from the seat's view only (docs/architecture.md §3)."""
    view = seat_view(state, seat.index)
    level = seat.bot or settings.WHIST_STANDIN_BOT
    try:
        event = choose_action(view, level, seed=(table.seed + table.moves) % 2**32)
        return action_from_event({**event, "seat": seat.index})
    except (ValueError, KeyError, TypeError):
        log.exception("bot %s failed at table %s; playing the first legal action", level, table.pk)
        return legal_actions(state, seat.index, resign_too=False)[0]


def timeout_play(table_id: int, expected_moves: int) -> bool:
    """The human to act ran out of time: mark the seat away and let the stand-in bot play."""
    with _turn(table_id, expected_moves) as turn:
        if turn is None:
            return False
        table, seats, state = turn
        seat, deadline = seats[state.to_act], table.turn_deadline
        if plays_by_bot(seat, state) or deadline is None or deadline > timezone.now():
            return False
        seat.away = True
        seat.save(update_fields=["away"])
        bump(table)
        commit_action(table, seats, state, _bot_action(table, seat, state), Move.By.TIMEOUT)
        return True


def watchdog_run() -> int:
    """Queue again every turn whose bot or timeout is overdue (lost task, restart); the count."""
    slack = timedelta(seconds=settings.WHIST_WATCHDOG_SLACK)
    due = Table.objects.filter(
        status=Table.Status.PLAYING, turn_deadline__lt=timezone.now() - slack
    ).prefetch_related("seats")
    count = 0
    for table in due:
        state = state_for(table)
        if state is None or state.over:
            continue
        bot = plays_by_bot(table.seats.all()[state.to_act], state)
        task = "bot_move" if bot else "turn_timeout"
        run_later(task, (table.pk, table.moves), 0.0)
        count += 1
    return count


def table_resend(table_id: int) -> None:
    """Send the current state of a table to all its receivers again (after a restart, say)."""
    broadcast.send_table_state(table_id)
