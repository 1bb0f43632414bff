"""Template tags other apps' pages use to show what the card room keeps of a player (the
profile page of accounts shows them without accounts importing games)."""

from __future__ import annotations

from typing import Any

from django import template

from records.selectors import history

register = template.Library()


@register.simple_tag(takes_context=True)
def games_played(context: dict[str, Any], player: Any) -> int:
    """How many stored games the player sat in, of those the viewer may see in their history
    (private ones for the player and staff), practice games ("play from here") left out as
    the statistics leave them out (social.stats); annulled ones were played, and count."""
    viewer = getattr(context.get("request"), "user", None)
    return history(player, viewer).count()
