"""Taking back a card (docs/game-record.md §4, "takeback"): the seat that played the last
card of the trick in play picks it up again before the next card is played; it is their
turn again. A card that completed its trick cannot be taken back (the trick is gathered).
The record keeps both the play and the take-back, so a replay shows them; whether a table
allows it (casual tables, the others agreeing) is the site's business."""

from __future__ import annotations

from .actions import PLAY, Action, IllegalAction
from .errors import gettext_noop
from .state import PLAY as PLAY_PHASE
from .state import State


def can_take_back(state: State, seat: int) -> bool:
    """Whether `seat` played the last card of the trick in play, and nothing came after."""
    if state.over or state.phase != PLAY_PHASE or not state.trick:
        return False
    if state.trick[-1][0] != seat or not state.event_log:
        return False
    last = state.event_log[1]
    return bool(last.kind == PLAY and last.seat == seat and last.card == state.trick[-1][1])


def take_back(state: State, action: Action) -> State:
    """The state before the seat's last card, with the play and this take-back in the log."""
    seat = action.seat
    if not can_take_back(state, seat):
        raise IllegalAction(
            "cannot_take_back",
            gettext_noop("only the last card of the trick in play can be taken back"),
        )
    card = state.trick[-1][1]
    new = state.clone()
    new.event_log = (state.event_log, action)
    hands = list(state.hands)
    hands[seat] |= 1 << card
    new.hands = tuple(hands)
    new.trick = state.trick[:-1]
    new.pending = (seat, *state.pending)
    new.to_act = seat
    return new
