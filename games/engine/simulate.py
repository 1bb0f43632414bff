"""Random playouts: each decision drawn by a seeded generator among the legal ones, no resigning."""

from __future__ import annotations

import random
from typing import Any

from .engine import apply, legal_actions, new_game
from .record import to_record
from .rules import Ruleset


def random_game(rules: Ruleset, seed: int) -> dict[str, Any]:
    """One complete game dealt from `seed`, played at random from `seed`, as a record."""
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not state.over:
        state = apply(state, rng.choice(legal_actions(state, resign_too=False)))
    seats = [{"name": f"Random {i}", "bot": "random"} for i in range(rules.players)]
    return to_record(state, seats)
