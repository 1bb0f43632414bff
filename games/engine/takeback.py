"""Taking back a card (docs/game-record.md §4, "takeback"): the seat that played the last
card picks it up again before the next card is played; it is their turn again. That card
may have completed its trick: the trick is then opened again, unless it ended the deal or
drew cards from the German Whist talon (the draw showed cards no take-back can hide again).
The record keeps both the play and the take-back, so a replay shows them; whether a table
allows it (casual tables, the others agreeing) is the site's business."""

from __future__ import annotations

from .actions import PLAY, Action, IllegalAction
from .errors import gettext_noop
from .state import PLAY as PLAY_PHASE
from .state import State


def can_take_back(state: State, seat: int) -> bool:
    """Whether `seat` played the last card, nothing came after, and it may be picked up."""
    if state.over or state.phase != PLAY_PHASE or not state.event_log:
        return False
    older, last = state.event_log
    if last.kind != PLAY or last.seat != seat:
        return False
    if state.trick:
        return bool(state.trick[-1] == (seat, last.card))
    before = state.undo  # the card completed a trick (state.play_card keeps what came before)
    return before is not None and before.event_log is older


def take_back(state: State, action: Action) -> State:
    """The state before the seat's last card, with the play and this take-back in the log."""
    seat = action.seat
    if not can_take_back(state, seat):
        raise IllegalAction(
            "cannot_take_back",
            gettext_noop(
                "only the last card played can be taken back, and not once its deal ended or "
                "cards were drawn"
            ),
        )
    if state.trick:
        new = state.clone()
        hands = list(state.hands)
        hands[seat] |= 1 << state.trick[-1][1]
        new.hands = tuple(hands)
        new.trick = state.trick[:-1]
        new.pending = (seat, *state.pending)
        new.to_act = seat
    else:
        assert state.undo is not None  # can_take_back
        new = state.undo.clone()
    new.event_log = (state.event_log, action)
    new.undo = None
    return new
