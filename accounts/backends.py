"""The authentication backend after django-axes': Django's, refusing banned players (every
login path goes through it: the site's form and the admin's)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from accounts.deletion import deletion_cancel
from accounts.login_guard import guarded, refuse
from accounts.security_log import banned_login
from accounts.selectors import ban_active

BAN_ATTRIBUTE = "accounts_ban"
RESTORED_ATTRIBUTE = "accounts_restored"  # the login view says "welcome back"


class ModerationBackend(ModelBackend):
    """Django's model backend; a banned player's right password is refused, and the ban is
    left on the request for the login form to explain (accounts.forms.BanExplained). An
    account waiting for its deletion is closed (no session of it counts) but its right
    password opens it again (accounts.deletion: the grace period). An account with too many
    failed logins from anywhere takes its password only from a known device
    (accounts.login_guard), checked before the password is hashed."""

    def user_can_authenticate(self, user: Any) -> bool:
        return super().user_can_authenticate(user) or user.deletion_due is not None

    def get_user(self, user_id: Any) -> Any:
        user = super().get_user(user_id)
        return None if user is None or user.deletion_due is not None else user

    def authenticate(self, request: HttpRequest | None, username: Any = None,
                     password: Any = None, **kwargs: Any) -> Any:  # fmt: skip
        name = username.strip().casefold() if isinstance(username, str) else None
        if guarded(name):
            found = get_user_model().objects.filter(username__iexact=name).first()
            if refuse(request, name, found):
                raise PermissionDenied("too many failed logins for this account")
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            return None
        ban = ban_active(user)
        if ban is None:
            if user.deletion_due is not None:
                deletion_cancel(user)
                if request is not None:
                    setattr(request, RESTORED_ATTRIBUTE, True)
            return user
        banned_login(request, user)
        if request is not None:
            setattr(request, BAN_ATTRIBUTE, ban)
        raise PermissionDenied("banned")
