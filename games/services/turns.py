"""The one door every move goes through, and what follows it: the next turn's task or the end."""

from __future__ import annotations

import random
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import broadcast, signals
from games.engine import Action, IllegalAction, State, apply
from games.engine.record import to_record
from games.gamestate import cache_put, state_for
from games.models import Move, Seat, Table
from games.scheduling import run_later
from games.selectors import plays_by_bot, seat_name
from games.services.errors import ServiceError, explained


def lock_table(table_id: int) -> tuple[Table, list[Seat]]:
    """The table row locked until the end of the transaction, with its seats in order."""
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise ServiceError("no_table", _("there is no table %(id)s") % {"id": table_id})
    seats = list(Seat.objects.filter(table=table).select_related("user").order_by("index"))
    return table, seats


def bump(table: Table, game: bool = False) -> None:
    """One more change everyone sees; `game`: a change of the game itself (a move, the start)."""
    table.version += 1
    if game:
        table.game_version = table.version


def bot_delay(state: State) -> float:
    """A short, human-feeling pause; longer when a trick has just been taken (so people see it)."""
    low, high = settings.WHIST_BOT_DELAY
    delay = random.uniform(low, high) if high > 0 else 0.0
    if not state.trick and state.last_trick is not None:
        delay += settings.WHIST_TRICK_PAUSE
    return delay


def plan_turn(table: Table, seats: list[Seat], state: State | None) -> None:
    """Set the deadline of the turn starting now; after the commit, queue its bot or timeout."""
    table.turn_deadline = None
    if state is None or state.over:
        return
    if plays_by_bot(seats[state.to_act], state):
        task, delay = "bot_move", bot_delay(state)
    elif table.time_limit:
        task, delay = "turn_timeout", float(table.time_limit)
    else:
        return
    table.turn_deadline = timezone.now() + timedelta(seconds=delay)
    transaction.on_commit(partial(run_later, task, (table.pk, table.moves), delay))


def commit_action(table: Table, seats: list[Seat], state: State, action: Action, by: str) -> State:
    """Apply `action`, log it, bump the version, plan what follows; call with the row locked."""
    try:
        new = apply(state, action)
    except IllegalAction as exc:
        raise ServiceError(exc.code, explained(exc)) from exc
    Move.objects.create(
        table=table, number=table.moves, seat=action.seat, event=action.to_event(), by=by
    )
    table.moves += 1
    bump(table, game=True)
    if new.over:
        _finish(table, seats, new)
    else:
        plan_turn(table, seats, new)
    table.save()
    if new.over:
        signals.game_finished.send(sender=Table, table=table, seats=seats, state=new)
    transaction.on_commit(partial(cache_put, table.pk, table.seed, table.moves, new))
    broadcast.table_changed(table.pk, lobby=new.over)
    return new


def _finish(table: Table, seats: list[Seat], state: State) -> None:
    table.status = Table.Status.FINISHED
    table.finished = timezone.now()
    table.turn_deadline = None
    names = [{"name": seat_name(s) or f"Seat {s.index}", "bot": s.bot or None} for s in seats]
    table.record = to_record(state, names)


def current_state(table: Table) -> State:
    """The state of a table in play (the caller has checked the status)."""
    state = state_for(table)
    if state is None:
        raise ServiceError("not_playing", _("the game has not started"))
    return state
