"""Duplicate scoring: each seat's score on a board, and matchpoints against everyone who held
the same cards at the same place (docs/rules.md §5.4)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from games.engine.descriptors import side_of


def board_score(game: str, result: dict[str, Any], seat: int) -> float:
    """A seat's score on its board: its side's points (Whist: game points; German Whist:
    second-half tricks), summed over the games of the match, less the other side's (a game
    of duplicate events has two sides: descriptors.side_of)."""
    mine = side_of(game, seat)
    total = 0.0
    for points in result.get("games", []):
        total += points[mine] - points[1 - mine]
    if not result.get("games"):
        winners = result.get("winners", [])
        total = 1.0 if seat in winners else -1.0 if winners else 0.0
    return total


def score_seats(seats: Sequence[Any], stored: Any) -> None:
    """Set each placement's `score` from the stored game's result."""
    for p in seats:
        p.score = board_score(stored.game, stored.result, p.seat)


def matchpoints(scores: Sequence[float]) -> list[float]:
    """1 for each other score beaten, ½ for each tie."""
    return [
        sum(1.0 if s > o else 0.5 if s == o else 0.0 for j, o in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]


def matchpoints_update(board: Any) -> None:
    """Recount the board's matchpoints among the seats scored so far, place by place (bots'
    seats are scored too: they held the cards, but are never in the standings)."""
    rows = list(board.placements.filter(score__isnull=False))
    by_seat: dict[int, list[Any]] = defaultdict(list)
    for p in rows:
        by_seat[p.seat].append(p)
    for group in by_seat.values():
        for p, mp in zip(group, matchpoints([p.score for p in group]), strict=True):
            p.matchpoints = mp
    type(rows[0]).objects.bulk_update(rows, ["matchpoints"]) if rows else None
