"""The security log: one line per event, `key=value` pairs an operator can grep, on the
`accounts.security` logger (docs/deployment.md §"The security log").

Every login (the site's and the admin's), failure, lockout (django-axes' signal), logout,
refused login of a banned player and moderator action (each audit row) says who, from
where and what:

    security event=login_failed user=ann user_id=7 addr=3f9c0a1b22d4e5f6 path=/admin/login/

Client addresses are never written plainly: `addr` is a keyed hash (HMAC-SHA256 with
WHIST_LOG_KEY, else a key derived from DJANGO_SECRET_KEY) of the address as the throttle
counts it (IPv6 per /64), so the lines of one address match and `manage.py log_hash ADDRESS`
finds them; a name typed at the login that is no account's is hashed the same way
(`name_hash`: it may be a password typed in the wrong box).
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

from accounts.models import AuditEntry
from accounts.throttle import client_address, login_username

log = logging.getLogger("accounts.security")
# The client address of the request being served, for events raised without the request
# (an audit row written by a service).
current_address: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "whist_client_address", default=None
)


def keyed_hash(value: str) -> str:
    """The log's keyed hash of a value (an address, a name): 16 hex digits."""
    key = settings.WHIST_LOG_KEY or settings.SECRET_KEY
    return salted_hmac("whist.security-log", value, secret=key, algorithm="sha256").hexdigest()[:16]


def _value(value: Any) -> str:
    text = str(value)
    if not text or any(c.isspace() or c in '"=\\' for c in text):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return text


def security_event(event: str, request: HttpRequest | None = None, **fields: Any) -> None:
    """Write one line: the event, then the fields (None ones left out), then where from."""
    if request is not None:
        fields.setdefault("addr", keyed_hash(client_address(request)))
        fields.setdefault("path", request.path)
    elif (address := current_address.get()) is not None:
        fields.setdefault("addr", keyed_hash(address))
    pairs = " ".join(f"{key}={_value(v)}" for key, v in fields.items() if v is not None)
    log.info("security event=%s %s", event, pairs)


def _who(user: Any) -> dict[str, Any]:
    if user is None:
        return {}
    return {"user": user.get_username(), "user_id": user.pk,
            "staff": "yes" if user.is_staff else None}  # fmt: skip


def _named(request: HttpRequest | None, credentials: dict[str, Any]) -> dict[str, Any]:
    """Who a login attempt named: the account if there is one, else the name's hash."""
    name = login_username(request, credentials) if request is not None else None
    if name is None:
        return {"user": "-"}
    user = get_user_model().objects.filter(username__iexact=name).first()
    return _who(user) if user is not None else {"name_hash": keyed_hash(name)}


@receiver(user_logged_in, dispatch_uid="security_log_login")
def _logged_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    security_event("login", request, **_who(user))


@receiver(user_logged_out, dispatch_uid="security_log_logout")
def _logged_out(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    security_event("logout", request, **_who(user))


@receiver(user_login_failed, dispatch_uid="security_log_failed")
def _login_failed(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    locked = request is not None and getattr(request, "axes_locked_out", False)
    security_event("login_failed", request, **_named(request, credentials),
                   locked="yes" if locked else None)  # fmt: skip


def _locked_out(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    credentials = getattr(request, "axes_credentials", None) or {}
    security_event("lockout", request, **_named(request, credentials))


@receiver(post_save, sender=AuditEntry, dispatch_uid="security_log_audit")
def _audited(sender: Any, instance: AuditEntry, created: bool, **kwargs: Any) -> None:
    if not created:
        return
    target = instance.target_user
    security_event(
        "moderation", action=instance.action, actor=instance.actor_name or "-",
        actor_id=instance.actor_id, target_user=target.get_username() if target else None,
        target_id=instance.target_user_id, target=instance.target or None,
    )  # fmt: skip


def banned_login(request: HttpRequest | None, user: Any) -> None:
    """A banned player's right password, refused (accounts.backends)."""
    security_event("login_refused_banned", request, **_who(user))


def connect_axes() -> None:
    """Listen to django-axes' lockout signal (called from AccountsConfig.ready)."""
    from axes.signals import user_locked_out

    user_locked_out.connect(_locked_out, dispatch_uid="security_log_lockout")


class ClientAddressMiddleware:
    """Keeps the request's client address for the events of this request that are raised
    without it (moderator actions written by services)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = current_address.set(client_address(request))
        try:
            return self.get_response(request)
        finally:
            current_address.reset(token)
