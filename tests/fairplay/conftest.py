"""Fixtures of the fair-play tests: users, and Knockout Whist games with a cheating seat
among Club bots (fairplay.cheats), stored as the card room stores a finished table."""

from __future__ import annotations

from typing import Any

from fairplay import cheats
from games.models import Table
from tests.games.conftest import _live_play_settings, make_user  # noqa: F401
from tests.rankings.helpers import store

# Seeds whose seer at seat 0 meets judged positions (fairplay.hidden) among Club bots.
SEER_SEEDS = (2, 9, 10, 15)  # the seer meets 4 positions, the honest seat 1: 2


def seer_game(seed: int) -> Any:
    return cheats.play("knockout", 4, ["club"] * 4, seed, seer=0)


def stored(state: Any, players: list[Any], **kwargs: Any) -> Table:
    """The finished game stored (table, seats, move log, record), not judged yet."""
    return store(state, players, **kwargs)
