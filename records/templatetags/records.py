"""Template tags other apps' pages use to show what the card room keeps of a player (the
profile page of accounts shows them without accounts importing games)."""

from __future__ import annotations

from typing import Any

from django import template

from games.reads.queries import games_played_count

register = template.Library()


@register.simple_tag
def games_played(player: Any) -> int:
    """How many finished games the player sat in."""
    return games_played_count(player)
