"""`{% club_events club user %}`: a club's events on its page, and the link that creates
one for its owners and moderators."""

from __future__ import annotations

from typing import Any

from django import template

from clubs.selectors import is_club_staff
from tournaments.selectors import club_events as events_of

register = template.Library()


@register.inclusion_tag("tournaments/club_events.html")
def club_events(club: Any, user: Any) -> dict[str, Any]:
    return {"club": club, "can_create": is_club_staff(club.pk, user), **events_of(club.pk)}
