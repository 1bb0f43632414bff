"""Figures shown on a profile page, read from the card room's tables."""

from __future__ import annotations

from typing import Any

from games.selectors import games_played_count


def games_played(user: Any) -> int:
    """How many finished games the player sat in."""
    return games_played_count(user)
