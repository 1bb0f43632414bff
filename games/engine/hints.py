"""A hint in the record (docs/game-record.md §4, "hint"): the seat to play was told which
card the Expert would play (games/engine/bots/hint.py). It changes nothing of the game; the
record keeps it where it was asked, so a replay shows it. Whether a table allows hints
(casual tables only) is the site's business."""

from __future__ import annotations

from .actions import PLAY, Action, IllegalAction
from .errors import gettext_noop
from .state import PLAY as PLAY_PHASE
from .state import State


def record_hint(state: State, action: Action) -> State:
    """The same state with the hint in the deal's log; the hinted card must be one the seat to
    play may play now."""
    legal = state.game.legal(state, action.seat) if action.seat == state.to_act else []
    if state.phase != PLAY_PHASE or Action(PLAY, action.seat, card=action.card) not in legal:
        raise IllegalAction(
            "cannot_hint", gettext_noop("a hint names a card the seat to play may play now")
        )
    new = state.clone()
    new.event_log = (state.event_log, action)
    return new
