"""The browser key: a random value a browser keeps in the `whist_device` cookie from its first
login, recorded with each session (accounts.SessionInfo.device_key), so that the accounts
used on one browser are known to share it and are never seated at one rated table
(docs/rules.md §4.3). It names no person and no browser model, only "the same browser"."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from http.cookies import SimpleCookie
from itertools import combinations
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from accounts.models import SessionInfo

DEVICE_COOKIE = "whist_device"
DEVICE_DAYS = 365
_KEY = re.compile(r"[A-Za-z0-9_-]{22}")


def valid(key: str | None) -> str:
    """The key if it is one the site could have made, else ""."""
    return key if key and _KEY.fullmatch(key) else ""


def device_key(request: HttpRequest) -> str:
    """The request's browser key: its cookie's, or a new one the response then sets
    (device_cookie_set)."""
    key = getattr(request, "device_key", "")
    if not key:
        key = valid(request.COOKIES.get(DEVICE_COOKIE)) or secrets.token_urlsafe(16)
        request.device_key = key
    return key


def device_cookie_set(request: HttpRequest, response: HttpResponse) -> None:
    """Give a logged-in browser its key, once (a year, renewed by each login's page)."""
    key = device_key(request)
    if request.COOKIES.get(DEVICE_COOKIE) != key:
        response.set_cookie(
            DEVICE_COOKIE, key, max_age=DEVICE_DAYS * 86400, httponly=True, samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )  # fmt: skip


def scope_device(scope: dict[str, Any]) -> str:
    """A socket's browser key, from its handshake's cookies ("" if it has none)."""
    cookies = scope.get("cookies")
    if cookies is None:
        jar: SimpleCookie = SimpleCookie()
        for name, value in scope.get("headers") or ():
            if name == b"cookie":
                jar.load(value.decode("latin-1"))
        cookies = {k: m.value for k, m in jar.items()}
    return valid(cookies.get(DEVICE_COOKIE))


def shared_devices(user_ids: Iterable[int]) -> set[frozenset[int]]:
    """Pairs of these accounts that have had a session on one browser (sessions still kept),
    one query."""
    users_of: dict[str, set[int]] = {}
    rows = SessionInfo.objects.filter(user_id__in=list(user_ids)).exclude(device_key="")
    for key, user_id in rows.values_list("device_key", "user_id"):
        users_of.setdefault(key, set()).add(user_id)
    return {frozenset(p) for users in users_of.values() for p in combinations(sorted(users), 2)}
