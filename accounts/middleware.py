"""A banned player's session ends at their next request, which shows them why."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.selectors import ban_active, ban_text


class BanMiddleware:
    """Log out a logged-in player who is banned and answer with the ban page (403)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        ban = ban_active(user) if user is not None and user.is_authenticated else None
        if ban is None:
            return self.get_response(request)
        logout(request)
        context = {"ban_text": ban_text(ban), "ban": ban}
        return render(request, "accounts/banned.html", context, status=403)
