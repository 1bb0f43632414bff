"""A page that is not there shows the site's own 404 page under DEBUG too (`make run`), as in
production, not Django's technical page (its list of every URL pattern tried, its yellow
"You're seeing this error because you have DEBUG = True"), which told a new player trying
`make run` nothing they could use. WHIST_DEBUG_404=true asks for Django's page again, for a
developer looking for the route a link missed.

Django answers a 404 under DEBUG with `django.views.debug.technical_404_response`, looked up
on its module at each request by `django.core.handlers.exception.response_for_exception`
(`PINNED`); here that name answers as the same function does without DEBUG: the handler404
view (templates/404.html). Only the 404 changes: an error still shows Django's technical
500 page under DEBUG, with its traceback. `install()` is idempotent.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.handlers.exception import get_exception_response
from django.http import HttpRequest, HttpResponse
from django.urls import get_resolver, get_urlconf
from django.views import debug

PINNED = {
    ("django.core.handlers.exception", "response_for_exception"): "a7418f0de8e640e0",
    ("django.views.debug", "technical_404_response"): "a3d27eea2ec094cc",
}
_technical = debug.technical_404_response


def site_404(request: HttpRequest, exception: Any) -> HttpResponse:
    """The site's 404 page, as without DEBUG; Django's own when WHIST_DEBUG_404 asks."""
    if getattr(settings, "WHIST_DEBUG_404", False):
        return _technical(request, exception)
    return get_exception_response(request, get_resolver(get_urlconf()), 404, exception)


def install() -> None:
    debug.technical_404_response = site_404
