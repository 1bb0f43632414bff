"""Password guesses for one account, capped across all addresses: django-axes counts per
account *from one address* and per address (whistsite/settings/security.py), so guesses
spread over many addresses never stopped. Here every failed login of an account counts, from
anywhere; past WHIST_ACCOUNT_FAILURES in WHIST_ACCOUNT_FAILURE_WINDOW seconds the account
takes its password only from a known device: a browser that logged in to it before (a
signed cookie, `known_device`). The owner is never locked out: their own browser still
gets in, and a password reset (mailed to them) ends the guard.

The check comes before any password is hashed (accounts.backends), so the guesses cost
nothing once the guard is up (docs/stack-notes.md §2.15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core import signing
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

from accounts.throttle import login_username

COOKIE = "known_device"
SALT = "accounts.known_device"
KEPT_ACCOUNTS = 5  # accounts one browser remembers
GUARD_ATTRIBUTE = "accounts_guarded"  # the login form says why


def _key(name: str) -> str:
    return f"accounts:login-failures:{name}"


def guarded(name: str | None) -> bool:
    """Whether the account of this login name has had too many failed logins lately."""
    if not name:
        return False
    return (cache.get(_key(name)) or 0) >= settings.WHIST_ACCOUNT_FAILURES


def known_accounts(request: HttpRequest | None) -> list[int]:
    """The accounts this browser logged in to before (from its signed cookie)."""
    raw = request.COOKIES.get(COOKIE, "") if request is not None else ""
    try:
        value = signing.loads(raw, salt=SALT, max_age=settings.WHIST_KNOWN_DEVICE_DAYS * 86400)
    except signing.BadSignature:
        return []
    return [pk for pk in value if isinstance(pk, int)] if isinstance(value, list) else []


def refuse(request: HttpRequest | None, name: str | None, user: Any) -> bool:
    """Whether a login to `user` (named `name`) is refused before its password is checked:
    the account is guarded and this browser is not one of its known devices."""
    if user is None or not guarded(name) or user.pk in known_accounts(request):
        return False
    if request is not None:
        setattr(request, GUARD_ATTRIBUTE, True)
    return True


def guard_end(user: Any) -> None:
    """The owner set a new password (a reset mailed to them): the count starts again."""
    cache.delete(_key(user.get_username().casefold()))


@receiver(user_login_failed, dispatch_uid="login_guard_failed")
def _failed(sender: Any, credentials: dict[str, Any], request: Any = None, **kw: Any) -> None:
    name = login_username(request, credentials) if request is not None else None
    if name is None:
        name = str((credentials or {}).get("username") or "").strip().casefold() or None
    if name:
        cache.add(_key(name), 0, timeout=settings.WHIST_ACCOUNT_FAILURE_WINDOW)
        cache.incr(_key(name))


@receiver(user_logged_in, dispatch_uid="login_guard_known")
def _logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is not None:
        request._known_device_add = user.pk


class KnownDeviceMiddleware:
    """After a login, the browser's known-device cookie names the account too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        added = getattr(request, "_known_device_add", None)
        if added is not None:
            known = [added, *[pk for pk in known_accounts(request) if pk != added]]
            response.set_cookie(
                COOKIE, signing.dumps(known[:KEPT_ACCOUNTS], salt=SALT),
                max_age=settings.WHIST_KNOWN_DEVICE_DAYS * 86400, httponly=True,
                secure=settings.SESSION_COOKIE_SECURE, samesite="Lax",
            )  # fmt: skip
        return response
