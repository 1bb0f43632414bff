"""`{% club_events club user %}`: a club's events on its page, and the link that creates
one for its owners and moderators."""

from __future__ import annotations

from typing import Any

from django import template

from clubs.selectors import is_club_staff, is_member
from tournaments.selectors import club_events as events_of

register = template.Library()


@register.inclusion_tag("tournaments/club_events.html", takes_context=True)
def club_events(
    context: Any, club: Any, user: Any, staff: bool | None = None, mine: Any = None
) -> dict[str, Any]:
    """The club's events the viewer may see; `staff` and `mine` (their membership) as the
    club's page read them, else read here."""
    if staff is None:
        staff = is_club_staff(club.pk, user)
        member = is_member(club.pk, user)
    else:
        member = mine is not None and mine.status == "member"
    past = context["request"].GET.get("past") if "request" in context else None
    return {"club": club, "can_create": staff, **events_of(club.pk, user, member, past)}
