"""What a finished game's result says about each seat: its place, from the ranking
(docs/game-record.md §6), in the one convention every page and every rating uses."""

from __future__ import annotations

from collections.abc import Sequence


def places(ranking: Sequence[Sequence[int]], players: int) -> list[int]:
    """Each seat's place, standard competition ranking: 1 for the best; tied seats share a
    place and the places they fill are skipped (1, 2, 2, 4). A seat the ranking leaves out
    comes after every ranked seat. docs/rules.md §0.6."""
    place = [1 + sum(len(group) for group in ranking)] * players
    first = 1
    for group in ranking:
        for seat in group:
            place[seat] = first
        first += len(group)
    return place
