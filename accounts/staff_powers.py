"""The one rule of staff powers: staff and moderators use them only in a session that passed
the second factor (accounts.two_factor, django-otp's `user.is_verified()`).

Every power outside the admin asks here: seeing a player's private games or a held board's
cards, organising any event or a public one, annulling, the fair-play queue, bans from it.
Before the second factor a staff member is a player like any other. The admin and the pages
marked `moderation_page` send such a session to the second factor instead
(`SecondFactorMiddleware`). tests/accounts/test_staff_powers.py fails if code outside the
listed places asks `is_staff`, `is_superuser` or `has_perm` itself.

A user read outside a request or socket (a task, a command) has no `is_verified`, so no
power: powers are used by people, through pages and sockets."""

from __future__ import annotations

from typing import Any

from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.models import Device


def second_factor_passed(user: Any) -> bool:
    """Whether the user's session passed the second factor (False for anyone else)."""
    check = getattr(user, "is_verified", None)
    return bool(user is not None and user.is_authenticated and callable(check) and check())


def acts_as_staff(user: Any) -> bool:
    """A staff member with the second factor (the staff status is their power)."""
    return bool(user is not None and user.is_authenticated and user.is_staff) and (
        second_factor_passed(user)
    )


def staff_may(user: Any, permission: str) -> bool:
    """Whether the user holds `permission` ("app.codename") and passed the second factor."""
    return bool(user is not None and user.is_authenticated and user.has_perm(permission)) and (
        second_factor_passed(user)
    )


def _session_verified(user: Any, session: Any) -> bool:
    """django-otp's check of OTPMiddleware: the session names a confirmed device of the user.
    Read from a socket's worker thread (it may read the device's row)."""
    if not user.is_authenticated or session is None:
        return False
    persistent_id = session.get(DEVICE_ID_SESSION_KEY)
    device = Device.from_persistent_id(persistent_id) if persistent_id else None
    return bool(device is not None and device.user_id == user.pk and device.confirmed)


def second_factor_from_session(scope: dict) -> None:
    """A socket's user gets `is_verified()` from its session, as django-otp's OTPMiddleware
    gives a request's; it is read once, when first asked (in a worker thread), so a player's
    socket reads nothing more. Called once at the socket's connect (whistsite/socket_entry.py)."""
    user, session = scope.get("user"), scope.get("session")
    if user is None:
        return
    known: list[bool] = []

    def is_verified() -> bool:
        if not known:
            known.append(_session_verified(user, session))
        return known[0]

    user.is_verified = is_verified
