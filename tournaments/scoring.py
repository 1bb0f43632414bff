"""Placement points of one table, scaled to its size: docs/rules.md §5.2."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.descriptors import game_of


def placement_points(places: Sequence[int], side: int = 1) -> list[float]:
    """Each seat's points from its place (1 for the best; tied seats share a place, as
    games.engine.places gives them): with n places at the table, place q is worth
    (n - q) / (n - 1), so first scores 1 and last 0 whatever the table's size, and tied
    seats share the mean of the places they fill. `side` seats form one unit (Whist's
    partnerships: side=2, so the table is two sides, a win 1, a loss 0, a draw ½)."""
    units = len(places) // side
    if units < 2:
        return [0.0] * len(places)
    filled = Counter(places)
    points = []
    for place in places:
        first = (place - 1) // side + 1
        count = filled[place] // side
        worth = [(units - q) / (units - 1) for q in range(first, first + count)]
        points.append(sum(worth) / count)
    return points


def side_size(game: str) -> int:
    """How many seats form one unit of the placement: the size of the game's partnerships
    (Whist's two), else one."""
    partnerships = game_of(game).partnerships
    return len(partnerships[0]) if partnerships else 1
