"""A page for an address that only takes a form's button (a POST), opened as a page: Django's
require_POST answers 405 with an empty body, which a browser shows as a blank page with no
way back (a bookmarked or typed /rankings/cards/, say)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


class NotAllowedPage:
    """An empty 405 to a GET gets templates/405.html, its status and Allow header kept."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and request.method == "GET" and not response.content:
            response.content = render_to_string("405.html", request=request).encode()
            response["Content-Type"] = "text/html; charset=utf-8"
        return response
