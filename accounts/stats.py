"""Figures shown on a profile page, read from the card room's tables when they exist."""

from __future__ import annotations

from typing import Any


def games_played(user: Any) -> int | None:
    """How many finished games the player sat in; None while the card room keeps no record."""
    try:
        from games.selectors import games_played_count  # type: ignore[attr-defined]
    except ImportError:
        return None
    return games_played_count(user)
