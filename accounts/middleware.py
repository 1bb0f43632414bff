"""A banned player's session ends at their next request, which shows them why; a player's
moderator notices show on their next page; an idle staff session ends."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import Report
from accounts.selectors import ban_active, ban_in_force, ban_text
from accounts.services import notices_take


class BanMiddleware:
    """Log out a logged-in player who is banned and answer with the ban page (403). That
    request may be one nobody sees (another tab's, a script's fetch): the session left behind
    remembers whose it was, and the next request shows the ban and its reason as a message
    on the next page (the reloaded lobby, the login page), once, if the ban is still in force."""

    KEY = "banned_user"

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        ban = ban_active(user) if signed_in else None
        if ban is None or user is None:
            if not signed_in and hasattr(request, "session") and self.KEY in request.session:
                self._tell(request, request.session.pop(self.KEY))
            return self.get_response(request)
        user_id = user.pk
        logout(request)
        request.session[self.KEY] = user_id
        context = {"ban_text": ban_text(ban), "ban": ban}
        return render(request, "accounts/banned.html", context, status=403)

    @staticmethod
    def _tell(request: HttpRequest, user_id: object) -> None:
        ban = ban_in_force(user_id) if isinstance(user_id, int) else None
        if ban is not None:
            messages.error(request, f"{ban_text(ban)} {_(LOGGED_OUT)}")


LOGGED_OUT = gettext_noop(
    "You have been logged out. If you think this is a mistake, write to the moderators."
)


class NoticeMiddleware:
    """What moderators told a logged-in player (a warning, a new display name) shows as a
    message on their next page, once. Costs no query unless the player has a notice: the
    notices come with the user row the request loads anyway."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.notices:
            for notice in notices_take(user):
                messages.warning(request, notice_text(notice))
            user.notices = []
        return self.get_response(request)


def notice_text(notice: dict) -> str:
    """A notice in the active language."""
    if notice.get("kind") == "renamed":
        return _("A moderator changed your display name to “%(name)s”: %(reason)s") % {
            "name": notice.get("name", ""),
            "reason": notice.get("reason", ""),
        }
    if notice.get("kind") == "fair_play":
        return _(
            "A moderator warned you about fair play: play only with what your own seat "
            "shows, and never as a team with another player. Please keep to the rules."
        )
    reason = notice.get("reason", "")
    label = Report.Reason(reason).label if reason in Report.Reason.values else ""
    return _("A moderator warned you after a report (%(reason)s). Please keep to the rules.") % {
        "reason": label
    }


class StaffIdleMiddleware:
    """A staff member's session ends after settings.WHIST_STAFF_IDLE seconds without a request
    (the next request is anonymous, so the admin asks for the password again); while they
    are active the session lives that long from their last request. Players are untouched."""

    KEY = "staff_seen"
    REFRESH = 60  # seconds between writes of the session while active

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.is_staff:
            idle, now = settings.WHIST_STAFF_IDLE, int(time.time())
            seen = request.session.get(self.KEY)
            if isinstance(seen, int) and now - seen > idle:
                logout(request)
            elif not isinstance(seen, int) or now - seen >= self.REFRESH:
                request.session[self.KEY] = now
                request.session.set_expiry(idle)
        return self.get_response(request)
