"""What one seat, or a spectator, may know of a game: the only thing that leaves the engine.

docs/rules.md §0.4, hidden information: a player sees their own hand, cards face up on the table and
what has been played; spectators see only what every player sees. Unknown cards are
explicit: another player's hand is a list of `None`, one per card held.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import EXCHANGE, RESIGN
from .cards import card_str, count, hand_str, suit_str
from .engine import can_resign, legal_actions
from .state import OVER, State, TrickLog
from .takeback import can_take_back


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """Everything `seat` may see now, with its legal actions when it is to act."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player game")
    view = _public(state)
    view["viewer"] = seat
    view["hands"][seat] = hand_str(state.hands[seat])
    view["legal"] = _legal(state, seat)
    view["can_resign"] = can_resign(state, seat)
    view["can_take_back"] = can_take_back(state, seat)
    return view


def spectator_view(state: State) -> dict[str, Any]:
    """What every player sees, and nothing more."""
    view = _public(state)
    view["viewer"] = None
    view["legal"] = []
    view["can_resign"] = False
    view["can_take_back"] = False
    return view


def table_views(state: State, seats: Iterable[int]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The spectator's view and each of `seats`' views, as `spectator_view` and `seat_view`
    give them, for a broadcast that sends them all: the public part (every trick of the
    deal, the scores) is built once and shared by the views, each with its own `hands`
    list, in which only its own seat's hand is filled in. Read-only, as JSON reads them."""
    public = _public(state)
    spectator = {**public, "viewer": None, "legal": [], "can_resign": False,
                 "can_take_back": False}  # fmt: skip
    views = []
    for seat in seats:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} in a {state.players}-player game")
        view = {**public, "viewer": seat}
        view["hands"] = hands = list(public["hands"])
        hands[seat] = hand_str(state.hands[seat])
        view["legal"] = _legal(state, seat)
        view["can_resign"] = can_resign(state, seat)
        view["can_take_back"] = can_take_back(state, seat)
        views.append(view)
    return spectator, views


def open_view(state: State) -> dict[str, Any]:
    """Everything, every hand face up: for replaying a finished game, never for one in play."""
    view = _public(state)
    view["viewer"] = None
    view["hands"] = [hand_str(h) for h in state.hands]
    view["legal"] = []
    view["can_resign"] = False
    view["can_take_back"] = False
    return view


def _public(state: State) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": state.rules.game,
        "players": state.players,
        "options": state.rules.option_dict(),
        "phase": str(state.phase),
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
    view.update(state.game.public_view(state))
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
