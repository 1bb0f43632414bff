"""`{% player_clubs player %}`: the clubs a player is in, for their profile page."""

from __future__ import annotations

from typing import Any

from django import template

from clubs.selectors import clubs_of

register = template.Library()


@register.inclusion_tag("clubs/player_clubs.html")
def player_clubs(player: Any) -> dict[str, Any]:
    return {"memberships": clubs_of(player)}
