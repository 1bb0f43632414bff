"""Password guesses for one account, capped across all addresses: django-axes counts per
account *from one address* and per address (whistsite/settings/security.py), so guesses
spread over many addresses never stopped. Here every failed login of an account counts, from
anywhere; past WHIST_ACCOUNT_FAILURES in WHIST_ACCOUNT_FAILURE_WINDOW seconds the account
takes its password only from a known device: a browser that logged in to it before (its
signed cookie names the account: accounts.devices). The owner is never locked out: their
own browser still gets in, and a password reset (mailed to them) ends the guard.

The check comes before any password is hashed (accounts.backends), so the guesses cost
nothing once the guard is up (docs/stack-notes.md §2.15)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.devices import known_accounts
from accounts.throttle import login_username

GUARD_ATTRIBUTE = "accounts_guarded"  # the login form says why


def _key(name: str) -> str:
    return f"accounts:login-failures:{name}"


def guarded(name: str | None) -> bool:
    """Whether the account of this login name has had too many failed logins lately."""
    if not name:
        return False
    return (cache.get(_key(name)) or 0) >= settings.WHIST_ACCOUNT_FAILURES


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
