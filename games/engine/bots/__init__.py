"""Bots for every seat: one legal action chosen from the seat view only, at three levels."""

from __future__ import annotations

from typing import Any

from . import beginner, club, expert
from .seen import read

LEVELS = ("beginner", "club", "expert")
LEVEL_NAMES = {"beginner": "Beginner", "club": "Club player", "expert": "Expert"}


def choose_action(view: dict[str, Any], level: str, seed: int = 0) -> dict[str, Any]:
    """One legal action for the seat the view was built for, as a record event dict.

    `view` is `views.seat_view(state, seat)`: the only input a bot has. `seed` makes
    the sampling levels repeatable.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS)}")
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("the seat has nothing to do")
    if forced(view):
        return dict(legal[0])
    seen = read(view)
    if level == "beginner":
        return beginner.decide(seen, legal)
    if level == "club":
        return club.decide(seen, legal)
    return expert.decide(seen, legal, seed)


def forced(view: dict[str, Any]) -> bool:
    """One legal action and nothing to choose within it (an exchange still picks its cards)."""
    legal = view.get("legal") or []
    return len(legal) == 1 and legal[0]["action"] != "exchange"


__all__ = ["LEVELS", "LEVEL_NAMES", "choose_action", "forced"]
