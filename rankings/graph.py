"""The rating-history graph of a profile: points scaled into an SVG box, rendered on the server
(templates/rankings/graph.html; no inline styles, the stylesheet colours it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

WIDTH, HEIGHT, PAD = 320, 120, 10


@dataclass(frozen=True)
class Graph:
    points: str  # the polyline's "x,y x,y ..."
    dots: list[tuple[float, float, int]]  # (x, y, rating) of each game
    low: int
    high: int
    first: datetime
    last: datetime
    width: int = WIDTH
    height: int = HEIGHT


def graph(history: list[tuple[datetime, int]]) -> Graph | None:
    """The graph of (finished, rating after) points, oldest first; None without any."""
    if not history:
        return None
    ratings = [r for _, r in history]
    low, high = min(ratings), max(ratings)
    span = max(high - low, 20)  # a flat line in the middle rather than a division by zero
    base = low - (span - (high - low)) / 2
    step = (WIDTH - 2 * PAD) / max(len(history) - 1, 1)
    left = PAD if len(history) > 1 else WIDTH / 2  # a single game in the middle
    dots = [
        (
            round(left + i * step, 1),
            round(HEIGHT - PAD - (r - base) / span * (HEIGHT - 2 * PAD), 1),
            r,
        )
        for i, r in enumerate(ratings)
    ]
    return Graph(
        points=" ".join(f"{x},{y}" for x, y, _ in dots), dots=dots, low=low, high=high,
        first=history[0][0], last=history[-1][0],
    )  # fmt: skip
