"""What one seat, or a spectator, may know of a game: the only thing that leaves the engine.

docs/rules.md §0.4, hidden information: a player sees their own hand, cards face up on the table and
what has been played; spectators see only what every player sees. Unknown cards are
explicit: another player's hand is a list of `None`, one per card held.
"""

from __future__ import annotations

from typing import Any

from . import whist
from .actions import EXCHANGE, RESIGN
from .cards import card_str, count, hand_str, suit_str
from .engine import can_resign, legal_actions
from .state import OVER, State, TrickLog


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """Everything `seat` may see now, with its legal actions when it is to act."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player game")
    view = _public(state)
    view["viewer"] = seat
    view["hands"][seat] = hand_str(state.hands[seat])
    view["legal"] = _legal(state, seat)
    view["can_resign"] = can_resign(state, seat)
    return view


def spectator_view(state: State) -> dict[str, Any]:
    """What every player sees, and nothing more."""
    view = _public(state)
    view["viewer"] = None
    view["legal"] = []
    view["can_resign"] = False
    return view


def open_view(state: State) -> dict[str, Any]:
    """Everything, every hand face up: for replaying a finished game, never for one in play."""
    view = _public(state)
    view["viewer"] = None
    view["hands"] = [hand_str(h) for h in state.hands]
    view["legal"] = []
    view["can_resign"] = False
    return view


def _public(state: State) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": state.rules.game,
        "players": state.players,
        "options": state.rules.option_dict(),
        "phase": state.phase,
        "to_act": None if state.phase == OVER else state.to_act,
        "dealer": state.dealer,
        "deal": state.deal_no,
        "trump": suit_str(state.trump) if state.trump >= 0 else None,
        "hands": [[None] * count(h) for h in state.hands],
        "trick": [[s, card_str(c)] for s, c in state.trick],
        "last_trick": _trick(state.last_trick),
        "deal_tricks": [_trick(t) for t in state.trick_log],  # played cards are public
        "tricks": list(state.tricks),
        "resigned": list(state.resigned),
        "last_outcome": state.history[-1].outcome if state.history else None,
        "result": state.result,
    }
    view.update(_PUBLIC_EXTRA[state.rules.game](state))
    return view


def _trick(trick: TrickLog | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    plays = [[s, card_str(c)] for s, c in trick.plays]
    return {"leader": trick.leader, "plays": plays, "winner": trick.winner}


def _legal(state: State, seat: int) -> list[dict[str, Any]]:
    """Legal actions as record events; the exchange's card subsets become one entry with a max."""
    events: list[dict[str, Any]] = []
    for action in legal_actions(state, seat, resign_too=False):
        if action.kind != EXCHANGE:
            events.append(action.to_event())
        elif not events or events[-1]["action"] != EXCHANGE:
            events.append({"seat": seat, "action": EXCHANGE, "max": 0})
        if action.kind == EXCHANGE:
            events[-1]["max"] = max(events[-1]["max"], len(action.discard))
    return [e for e in events if e["action"] != RESIGN]


def _knockout(state: State) -> dict[str, Any]:
    return {
        "round": state.deal_no + 1,
        "rounds": state.rules.options.start_cards,  # type: ignore[union-attr]
        "hand_size": state.hand_size,
        "active": list(state.active),
        "out": [p for p in range(state.players) if not state.active[p]],
        "dogs_life": list(state.dogs),
        "had_dogs_life": list(state.dog_had),
        "turned": card_str(state.turned) if state.turned >= 0 else None,
        "stock": len(state.stock),
        "chooser": state.chooser if state.chooser >= 0 else None,
        "votes": [[s, suit_str(u)] for s, u in state.votes],
        "cuts": [[s, card_str(c)] for s, c in state.cuts] if state.cuts else None,
        "exchanged": [[a.seat, len(a.discard)] for a in state.events if a.kind == EXCHANGE],
    }


def _whist(state: State) -> dict[str, Any]:
    # Everyone saw the turned card and remembers that the dealer holds it (docs/rules.md §2.2), so
    # it stays in the view until the dealer plays it (then it is a played card like any
    # other, in the trick); `turned_up` says whether it still lies face up on the table.
    held = state.turned >= 0 and state.hands[state.dealer] >> state.turned & 1
    return {
        "turned": card_str(state.turned) if held else None,
        "turned_up": whist.turned_public(state),
        "scores": list(state.scores),
        "games": [list(g) for g in state.games],
        "wins": list(state.wins),
        "side_tricks": [state.tricks[0] + state.tricks[2], state.tricks[1] + state.tricks[3]],
    }


def _german(state: State) -> dict[str, Any]:
    return {
        "half": state.half,
        "faceup": card_str(state.faceup) if state.faceup >= 0 else None,
        "talon": len(state.stock) + (1 if state.faceup >= 0 else 0),
        "faceups_taken": _faceups_taken(state),
        "games": [list(g) for g in state.games],
        "wins": list(state.wins),
    }


def _faceups_taken(state: State) -> list[list[Any]]:
    """The face-up talon cards taken so far in this game: everyone saw who took which."""
    first_half = state.trick_log[:13]
    faceups = [state.turned, *state.deal_stock[1::2]]
    return [[t.winner, card_str(faceups[i])] for i, t in enumerate(first_half)]


_PUBLIC_EXTRA = {"knockout": _knockout, "whist": _whist, "german": _german}
