"""One game's judged positions, whatever the game: fairplay.german for German Whist, the exact
search of fairplay.hidden for Whist and Knockout Whist (docs/fairplay.md §1). Pure."""

from __future__ import annotations

from games.engine.record_check import Replay

from . import german, hidden
from .hidden import GameHidden

GAMES = ("whist", "knockout", "german")


def game_positions(
    replay: Replay, seats: set[int], seed: int = 0, own: set[int] | None = None
) -> GameHidden:
    if replay.start.game.draws_from_talon:
        return german.game_german(replay, seats, own)
    return hidden.game_hidden(replay, seats, seed, own)
