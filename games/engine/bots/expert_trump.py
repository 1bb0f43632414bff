"""The Expert's Knockout Whist trump choice: each suit played out on sampled deals of the round."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..solvers.playout import playout
from ..tricks import next_seat
from .playout_club import club_model
from .sample import deal, unknowns
from .seen import Seen

BUDGET = 0.050
MAX_SAMPLES = 300


def first_leader(seen: Seen) -> int:
    """Who leads the round's first trick: the chooser, or the first active left of the dealer."""
    view = seen.view
    if view["options"].get("lead") == "trump_chooser":
        return seen.seat
    leader = next_seat(view["dealer"], seen.players, view["active"])
    return leader if leader >= 0 else view["dealer"]


def choose_trump(
    seen: Seen, allowed: list[int], seed: int, score: Callable[[list[int]], float]
) -> int:
    """The suit (or no trump) whose sampled playouts score best for the chooser."""
    u = unknowns(seen)
    rng = random.Random(seed)
    leader = first_leader(seen)
    partners = [-1] * seen.players
    totals = dict.fromkeys(allowed, 0.0)
    start = time.perf_counter()
    everyone = {s for s in range(seen.players) if seen.view["hands"][s]}
    for _ in range(MAX_SAMPLES):
        hands, _rest = deal(u, rng)
        model = club_model(seen, hands)
        for suit in allowed:
            tricks = playout(hands[:], suit, [], leader, partners, [], set(everyone), model)
            totals[suit] += score(tricks)
        if time.perf_counter() - start > BUDGET:
            break
    return max(allowed, key=totals.__getitem__)
