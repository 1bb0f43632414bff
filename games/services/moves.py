"""The one path every change of a table in play takes, read top to bottom: lock the row,
check, apply, log, bump the version once, and schedule what follows after the commit.

Humans (`move_play`), bots (`bot_play`), timeouts (`timeout_play`), a player's return or
absence (games/services/presence.py), a ban (games/services/sanctions.py) and the table's
own life (games/services/tables.py) all end in `commit`: one committed change, one new
version, one broadcast (docs/protocol.md §"Server → client": the version grows by one).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import broadcast, held, signals
from games.engine import (
    Action,
    IllegalAction,
    State,
    action_from_event,
    apply,
    apply_by_player,
    legal_actions,
)
from games.engine.actions import CLAIM, HINT, TAKEBACK
from games.engine.bots import choose_action
from games.engine.record import to_record
from games.engine.views import seat_view
from games.gamestate import cache_put, state_for
from games.models import Move, Seat, Table
from games.reads.lobby import stage as lobby_stage
from games.reads.messages import seat_name
from games.reads.queries import plays_by_bot, seat_of, table_seats
from games.services import errors, move_cas, move_sql
from games.services.errors import ServiceError, explained
from games.services.turn_notice import turn_elsewhere
from runtime import metrics, scheduling

log = logging.getLogger(__name__)


# 1. Who asks: a human, a bot's task, a timeout's task.


def move_play(
    table_id: int, event: object, version: int | None = None, *, user: User | None = None
) -> State:
    """A human's decision for their own seat; the seat comes from `user`, never from `event`.
    An away player who acts is back, in the same change as the move. Refused to a banned
    player."""
    if not isinstance(event, dict):
        raise ServiceError(
            "bad_message", _("an action is an object such as {action: play, card: KS}")
        )
    # A conceded claim comes only from claim_offers.claim_answer, a refused one from the
    # solver (_apply), never from a client.
    sent = {k: v for k, v in event.items() if k not in ("conceded", "refused")}
    state = move_cas.play(table_id, user, sent, version, commit)  # one statement, or None
    if state is not None:
        return state
    with transaction.atomic():
        table, seats, seat, _state = player_turn(table_id, user, version)
        action = _action({**sent, "seat": seat.index})
        if action.kind in (TAKEBACK, HINT):  # their own messages, with their own checks
            raise ServiceError("bad_message", _("ask for a take-back or a hint by its message"))
        back = {seat.index: False} if seat.away else {}
        state = commit(table, seats, action=action, by=Move.By.HUMAN, away=back)
    assert state is not None  # a table in play has a game
    if action.kind == CLAIM and state.event_log and state.event_log[1].refused:
        raise errors.claim_refused(state, action)
    return state


def bot_play(table_id: int, expected_moves: int) -> bool:
    """Play for the seat to act if a bot plays it and nothing moved since; True if it played."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        state = _turn_state(table, expected_moves)
        if state is None or not plays_by_bot(seats[state.to_act], state):
            return False
        action = _bot_action(table, seats[state.to_act], state)
        commit(table, seats, action=action, by=Move.By.BOT)
        return True


def timeout_play(table_id: int, expected_moves: int | None = None) -> bool:
    """The table's timer: if the human to act ran out of time, the seat is away and the
    stand-in bot plays the turn, both in one change. A timer that finds the deadline later
    than it (the turn moved on since it was set) sets itself again for that deadline,
    unless another timer is pending. `expected_moves` is not needed: the deadline says.
    The table is written once: its `timer_due` with the move, or alone."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        now = timezone.now()
        ran = table.timer_due is not None and table.timer_due <= now
        if ran:
            table.timer_due = None  # this is the pending timer (or it was lost): it ran
        waiting = _human_on_the_clock(table, seats)
        task = None
        if waiting is not None:
            seat, state = waiting
            if table.turn_deadline <= now:
                action = _bot_action(table, seat, state)
                away = {seat.index: True}  # its write holds `timer_due` too
                commit(table, seats, action=action, by=Move.By.TIMEOUT, away=away)
                return True
            task = _arm_timer(table)
        if ran or task is not None:
            move_sql.update(table, ["timer_due"])
        if task is not None:
            transaction.on_commit(partial(scheduling.run_later, *task))
        return False


def _human_on_the_clock(table: Table, seats: list[Seat]) -> tuple[Seat, State] | None:
    """The seat to act and the state, if a human's turn runs against the table's deadline."""
    state = state_for(table) if table.status == Table.Status.PLAYING else None
    if state is None or state.over or table.turn_deadline is None:
        return None
    seat = seats[state.to_act]
    return None if plays_by_bot(seat, state) else (seat, state)


# 2. The lock and the checks.


def lock_table(table_id: int) -> tuple[Table, list[Seat]]:
    """The table row locked until the end of the transaction, with its seats in order (their
    users and open sockets loaded: a move's broadcast is built from them without reading
    the table again)."""
    table = move_sql.locked(Table, table_id)  # written out: every change takes this lock
    if table is None:
        raise ServiceError("no_table", _("there is no table %(id)s") % {"id": table_id})
    return table, table_seats(table_id)


def player_turn(
    table_id: int, user: User | None, version: int | None = None
) -> tuple[Table, list[Seat], Seat, State]:
    """The door for a player's own act at a table in play (a move, a claim offered or answered),
    inside the caller's transaction: the table and its seats locked, the player's seat and the
    state. Refused to someone without a seat there, a banned player, a table not in play, and a
    `version` older than the game's (None: no version to check)."""
    table, seats = lock_table(table_id)
    seat = _own_seat(seats, user)
    if seat.user_banned:  # read with the seats, under the lock
        errors.refuse_banned(seat.user)
    state = _playing_state(table)
    _check_version(table, version)
    return table, seats, seat, state


def _own_seat(seats: list[Seat], user: User | None) -> Seat:
    if user is None or not user.is_authenticated:
        raise errors.not_logged_in()
    seat = seat_of(seats, user)
    if seat is None:
        errors.check_ban(user)  # a banned player is told so, seated or not
        raise errors.no_seat()
    return seat


def _playing_state(table: Table) -> State:
    """The state of a table in play; refused if it is not in play."""
    state = state_for(table) if table.status == Table.Status.PLAYING else None
    if state is None:
        raise ServiceError("not_playing", _("the table is not in play"))
    return state


def _turn_state(table: Table, expected_moves: int) -> State | None:
    """The state if the table is in play and nothing moved since a task was queued."""
    if table.status != Table.Status.PLAYING or table.moves != expected_moves:
        return None
    return state_for(table)


def _check_version(table: Table, version: int | None) -> None:
    # Changes that are not moves (someone connecting) do not make a move stale.
    if version is None:
        return
    if not isinstance(version, int) or not table.game_version <= version <= table.version:
        raise errors.stale(version, table.version)


def _action(event: dict[str, Any]) -> Action:
    try:
        return action_from_event(event)
    except IllegalAction as exc:
        raise ServiceError(exc.code, explained(exc)) from exc


def _bot_action(table: Table, seat: Seat, state: State) -> Action:
    """The bot's choice from the seat's view only (a bot gets what a human would see)."""
    view = seat_view(state, seat.index)
    level = seat.bot or settings.WHIST_STANDIN_BOT
    try:
        with metrics.BOT_DECISION.labels(level=level).time():
            event = choose_action(view, level, seed=(table.deal_seed + table.moves) % 2**32)
        return action_from_event({**event, "seat": seat.index})
    except (ValueError, KeyError, TypeError):
        log.exception("bot %s failed at table %s; playing the first legal action", level, table.pk)
        return legal_actions(state, seat.index, resign_too=False)[0]


# 3. The change itself: apply, log, bump once, plan what follows, announce after the commit.


def commit(
    table: Table,
    seats: list[Seat],
    *,
    action: Action | None = None,
    by: str = Move.By.HUMAN,
    away: Mapping[int, bool] | None = None,
    dealt: bool = False,
    lobby: bool = False,
    seats_read: bool = False,
    write: Callable[..., tuple | None] | None = None,
    applied: State | None = None,
) -> State | None:
    """One change of the locked table: who plays which seat (`away`), a move, or a deal
    (`dealt`, the caller has set the seed); one new version; the next turn's deadline and
    task; the end of the game; the broadcast after the commit. Returns the game state.
    `seats_read`: the caller changed nothing of the seats since lock_table read them, so
    the broadcast is built from them, as a move's is, not from a read after the commit,
    which may meet the next version already (another process's change committed in
    between: this version never sent, a gap every socket sees). `write`: a move's table
    and row (games/services/move_cas.py gives its compare-and-set, and `applied`: the
    state after `action`, which it asked the engine for already)."""
    for index, value in (away or {}).items():
        _set_away(seats[index], value)
    state = state_for(table) if table.status == Table.Status.PLAYING else None
    game_changed = dealt or action is not None
    move_row = None
    if action is not None:
        staged = _lobby_stage(table, state)
        state, move_row = _apply(table, state, action, by, applied)
        # The lobby lists a public game's stage (deal, round, score): it hears of a new one.
        lobby = lobby or staged != _lobby_stage(table, state)
    table.version += 1
    if game_changed:
        table.game_version = table.version
    finished = state is not None and state.over
    task = None
    if finished and state is not None:
        _finish(table, seats, state)
    elif game_changed or (state is not None and state.to_act in (away or {})):
        task = plan_turn(table, seats, state)
    # A move changes only what is in hand (the table row, the state, a seat's `away`): it
    # writes its row and only those fields, in one statement (written out:
    # games/services/move_sql.py), and its broadcast is built from them. Other changes save
    # all that their caller set, and their broadcast reads the table again (sockets, seats).
    in_hand = action is not None
    after: list[Callable[[], object]] = []  # what follows the commit, in order: one callback
    if in_hand:
        if write is None:
            move_sql.update(table, _move_fields(finished), inserted=move_row)
        else:  # the compare-and-set, which arms the turn's timer from the row's (move_cas.py)
            task = write(table, _move_fields(finished), inserted=move_row, task=task)
        # What the move tells after its commit is asked for once it is written: a
        # compare-and-set writes in autocommit, where each runs at once, and one that finds
        # the table changed has written nothing and so tells nothing (move_cas.py).
        assert action is not None and state is not None
        kind = "claim" if action.kind == CLAIM else by
        after += [metrics.MOVES.labels(kind=kind).inc,
                  partial(cache_put, table.pk, table.seed, table.moves, state)]  # fmt: skip
    else:
        table.save()
    if finished:  # asked for before what the game's end asks for
        after = scheduling.on_commit_all(after)
        signals.game_finished.send(sender=Table, table=table, seats=seats, state=state)
    move = None
    if action is not None:
        move = {"seed": table.seed, "number": table.moves - 1, "event": action.to_event(),
                **held.after_move(table, away)}  # fmt: skip
    if move is not None:
        log.debug("move %s of table %s by %s", move["number"], table.pk, by)
    if in_hand or seats_read:
        broadcast.table_changed(table.pk, lobby or finished, table, seats, move=move, after=after)
        after.append(partial(held.hold, table, seats))  # the next move's check
    else:
        broadcast.table_changed(table.pk, lobby or finished, move=move, after=after)
    if task is not None:  # after the broadcast: an eager bot's answer comes after it too
        after.append(partial(scheduling.run_later, *task))
    scheduling.on_commit_all(after)
    if game_changed and table.time_limit:
        turn_elsewhere(table, seats, state)
    return state


def _move_fields(finished: bool) -> list[str]:
    fields = ["version", "game_version", "moves", "turn_deadline", "timer_due"]
    return [*fields, "status", "finished", "record"] if finished else fields


def _set_away(seat: Seat, away: bool) -> None:
    """A bot stands in for the seat's player (`away`), or stops (the player is back)."""
    seat.away = away
    seat.save(update_fields=["away"])


def _lobby_stage(table: Table, state: State | None) -> dict[str, Any] | None:
    """What the lobby shows of a public game's progress (None for a private table)."""
    return lobby_stage(state) if state is not None and not table.private else None


def _apply(
    table: Table, state: State | None, action: Action, by: str, applied: State | None = None
) -> tuple[State, Move]:
    """The new state (`applied`, if the caller has it already), and the move's row for
    `commit` to write with the table's."""
    if state is None:
        raise ServiceError("not_playing", _("the game has not started"))
    if applied is None:
        applied, action = _engine_answer(state, action, by)
    values = {"id": None, "table_id": table.pk, "number": table.moves, "seat": action.seat,
              "event": action.to_event(), "by": by, "created": None}  # fmt: skip
    row = move_sql.new_row(Move, values, {"table": table})
    table.moves += 1
    return applied, row


def _engine_answer(state: State, action: Action, by: str) -> tuple[State, Action]:
    """The state after `action`, and the action as recorded (a refused claim marked so)."""
    # A player's own decision goes through the engine's "who may act" (a resigned Knockout
    # player's seat is the stand-in bot's); bots and timeouts play the seat to act.
    engine_apply = apply_by_player if by == Move.By.HUMAN else apply
    try:
        return engine_apply(state, action), action
    except IllegalAction as exc:
        if exc.code != "claim_refused" or by != Move.By.HUMAN:
            raise ServiceError(exc.code, explained(exc)) from exc
        # docs/rules.md §0.7: a refused claim is recorded and costs the side its claims
        # until the trick is complete; move_play answers it with its refusal.
        action = replace(action, refused=True)
        return engine_apply(state, action), action


def _finish(table: Table, seats: list[Seat], state: State) -> None:
    table.status = Table.Status.FINISHED
    table.finished = timezone.now()
    table.turn_deadline = None
    names = [{"name": seat_name(s) or f"Seat {s.index}", "bot": s.bot or None} for s in seats]
    table.record = to_record(state, names)
    if table.start:  # docs/game-record.md §2: a practice game names the game it started from
        start = table.start
        table.record["practice"] = {
            "game": table.practice_of_id, "from": start["from"], "seat": start["seat"],
            "fresh": start["fresh"],
        }  # fmt: skip


def plan_turn(table: Table, seats: list[Seat], state: State | None) -> tuple | None:
    """Set the deadline of the turn starting now; the task that plays or ends it, if one is
    needed: (name, args, delay). A human's clock needs a new timer only when none is
    pending: a pending one is due no later than this deadline and sets itself again."""
    table.turn_deadline = None
    if state is None or state.over:
        return None
    if plays_by_bot(seats[state.to_act], state):
        delay = bot_delay(state)
        table.turn_deadline = timezone.now() + timedelta(seconds=delay)
        return "bot_move", (table.pk, table.moves), delay
    if not table.time_limit:
        return None
    table.turn_deadline = timezone.now() + timedelta(seconds=table.time_limit)
    return _arm_timer(table)


def _arm_timer(table: Table) -> tuple | None:
    """The timeout task for the table's deadline, unless a timer is already pending (due
    before the deadline, so it will run and set itself again). Sets `timer_due`."""
    now = timezone.now()
    if table.timer_due is not None and now < table.timer_due <= table.turn_deadline:
        return None
    table.timer_due = table.turn_deadline
    delay = (table.turn_deadline - now).total_seconds()
    return "turn_timeout", (table.pk, table.moves), delay


def bot_delay(state: State) -> float:
    """A short, human-feeling pause; longer when a trick has just been taken (so people see it)."""
    low, high = settings.WHIST_BOT_DELAY
    delay = random.uniform(low, high) if high > 0 else 0.0
    if not state.trick and state.last_trick is not None:
        delay += settings.WHIST_TRICK_PAUSE
    return delay
