"""Taking back a card (docs/game-record.md §4, "takeback"): the seat that played the last
card picks it up again before the next card is played; it is their turn again. That card
may have completed its trick: the trick is then opened again, unless it ended the deal or
drew cards from the German Whist talon (the draw showed cards no take-back can hide again).
A card that was the seat's only legal action is never taken back: nothing else could be
played instead, so it was no misclick. The record keeps both the play and the take-back,
so a replay shows them; whether a table allows it (casual tables, the others agreeing) is
the site's business."""

from __future__ import annotations

from .actions import PLAY, Action, IllegalAction
from .cards import card_str
from .errors import CardCode, SeatNo, gettext_noop
from .state import PLAY as PLAY_PHASE
from .state import State


def can_take_back(state: State, seat: int) -> bool:
    """Whether `seat` played the last card, nothing came after, it may be picked up, and the
    seat could have played something else."""
    if seat in state.resigned:  # its cards are a bot's (Knockout Whist), never a misclick
        return False
    before = _before_last_card(state, seat)  # the cheap checks first: None for most views
    return before is not None and not _forced(before, seat)


def take_back(state: State, action: Action) -> State:
    """The state before the seat's last card, with the play and this take-back in the log."""
    refused = refusal(state, action.seat)
    if refused is not None:
        raise refused
    before = _before_last_card(state, action.seat)
    assert before is not None  # refusal
    new = before if state.trick else before.clone()  # never change the shared `undo`
    new.event_log = (state.event_log, action)
    return new


def refusal(state: State, seat: int) -> IllegalAction | None:
    """Why `seat` cannot take back its last card now; None when it can."""
    if seat in state.resigned:
        return IllegalAction("resigned", gettext_noop("you resigned: a bot plays your seat"))
    before = _before_last_card(state, seat)
    if before is None:
        return IllegalAction(
            "cannot_take_back",
            gettext_noop(
                "only the last card played can be taken back, and not once its deal ended or "
                "cards were drawn"
            ),
        )
    if _forced(before, seat):
        return IllegalAction(
            "cannot_take_back",
            gettext_noop(
                "%(card)s was the only card seat %(seat)s could play: it cannot be taken back"
            ),
            card=CardCode(card_str(state.event_log[1].card)), seat=SeatNo(seat),
        )  # fmt: skip
    return None


def _before_last_card(state: State, seat: int) -> State | None:
    """The state before `seat`'s last card, if that card is the last event and may be picked
    up (the deal goes on and nothing was drawn); else None. A card still in the trick is
    taken out of it again; for one that completed its trick, engine.apply kept `state.undo`.
    Its `undo` is None: the state before a take-back is not taken back again."""
    if state.over or state.phase != PLAY_PHASE or not state.event_log:
        return None
    older, last = state.event_log
    if last.kind != PLAY or last.seat != seat:
        return None
    if not state.trick:  # the card completed a trick (engine.apply keeps what came before)
        before = state.undo
        return before if before is not None and before.event_log is older else None
    if state.trick[-1] != (seat, last.card):
        return None
    new = state.clone()
    hands = list(state.hands)
    hands[seat] |= 1 << last.card
    new.hands = tuple(hands)
    new.trick = state.trick[:-1]
    new.pending = (seat, *state.pending)
    new.to_act = seat
    new.event_log = older
    new.undo = None
    return new


def _forced(before: State, seat: int) -> bool:
    """Whether the seat had one legal action only (one card of the led suit, or one card
    left), by the game's own rules (a dog's life that may knock had a choice)."""
    return len(before.game.legal(before, seat)) == 1
