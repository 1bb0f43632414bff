"""Each request's time zone: the one the player chose on their profile, else their
browser's (the `tz` cookie static/js/site.js keeps), else UTC. Times are stored in UTC;
pages show them, and forms read typed times, in the zone made current here."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from functools import cache
from typing import Any
from urllib.parse import unquote

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

COOKIE = "tz"


@cache
def known() -> frozenset[str]:
    """The IANA zone names this machine knows (a stored or sent name is one of them)."""
    return frozenset(zoneinfo.available_timezones())


def choices() -> list[tuple[str, Any]]:
    """The profile's choice: the browser's zone, or one named, by name."""
    return [("", _("As my browser says")), *((name, name) for name in sorted(known()))]


def chosen(user: Any) -> str | None:
    """The zone the player chose on their profile, if the machine knows it (mails, which
    no browser asks for, are worded in it)."""
    name = getattr(user, "time_zone", "") or ""
    return name if name in known() else None


def chosen_of(user_ids: list[int]) -> dict[int, str | None]:
    """`chosen` of many players in one query (a notice to hundreds is worded for each)."""
    from accounts.models import User

    rows = User.objects.filter(pk__in=user_ids).values_list("pk", "time_zone")
    return {pk: name if name in known() else None for pk, name in rows}


def zone_of(user: Any, cookie: str | None) -> str | None:
    """The zone to show `user` times in: their choice, else the browser's, else None (UTC)."""
    own = chosen(user) if getattr(user, "is_authenticated", False) else None
    return own or (cookie if cookie and cookie in known() else None)


class TimeZoneMiddleware:
    """Make the player's zone current for the request (templates and forms use it)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        cookie = unquote(request.COOKIES.get(COOKIE, ""))
        name = zone_of(getattr(request, "user", None), cookie)
        if name is None:
            timezone.deactivate()
        else:
            timezone.activate(zoneinfo.ZoneInfo(name))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
