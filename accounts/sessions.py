"""A player's sessions: each logged-in session's device and place (from its network address,
when the operator supplies a GeoIP2 city database: WHIST_GEOIP_PATH) and when it was last
seen; ending one or all of them, and all but the current one after a password change."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.devices import device_cookie_set, device_key
from accounts.models import SessionInfo
from accounts.throttle import client_address

log = logging.getLogger(__name__)
SEEN_EVERY = 60  # seconds between two writes of a session's "last seen"


def device_of(user_agent: str) -> str:
    """ "Firefox 133 on Linux": the browser and system a User-Agent names."""
    from ua_parser import parse as parse_agent  # here, not at each Django start (benchmarks)

    result = parse_agent(user_agent[:500])
    browser = result.user_agent.family if result.user_agent else ""
    if result.user_agent and result.user_agent.major:
        browser = f"{browser} {result.user_agent.major}"
    system = result.os.family if result.os else ""
    return " on ".join(p for p in (browser, system) if p and p != "Other")[:120]


@functools.cache
def _geoip_reader() -> Any:
    path = settings.WHIST_GEOIP_PATH
    if not path:
        return None
    import geoip2.database

    try:
        return geoip2.database.Reader(path)
    except (OSError, ValueError) as error:
        log.warning("WHIST_GEOIP_PATH %s cannot be read: %s", path, error)
        return None


def place_of(address: str) -> str:
    """ "Utrecht, Netherlands", "Germany" or "" for an address the database does not know."""
    reader = _geoip_reader()
    if reader is None or not address:
        return ""
    try:
        found = reader.city(address)
    except Exception:  # noqa: BLE001  (geoip2's AddressNotFoundError, a malformed address)
        return ""
    parts = [found.city.name or "", found.country.name or ""]
    return ", ".join(p for p in parts if p)[:120]


def session_seen(request: HttpRequest) -> None:
    """Note the request's session (made at login: `session_started`): its last-seen time kept
    to within a minute, one UPDATE a minute at most."""
    key = request.session.session_key
    if not key or not cache.add(f"session-seen:{key}", 1, SEEN_EVERY):
        return
    now = timezone.now()
    if not SessionInfo.objects.filter(session_key=key, user=request.user).update(last_seen=now):
        _session_make(request, key, request.user)


def _session_make(request: HttpRequest, key: str, user: Any) -> None:
    SessionInfo.objects.update_or_create(
        session_key=key,
        defaults={
            "user": user, "last_seen": timezone.now(),
            "device": device_of(request.headers.get("User-Agent", "")),
            "device_key": device_key(request),
            "place": place_of(client_address(request)),
        },
    )  # fmt: skip


@receiver(user_logged_in, dispatch_uid="accounts_session_started")
def session_started(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """A login makes its session's row (with the key the login gave the session)."""
    if request is None or not hasattr(request, "session"):
        return
    if request.session.session_key is None:
        request.session.save()
    _session_make(request, request.session.session_key, user)
    cache.set(f"session-seen:{request.session.session_key}", 1, SEEN_EVERY)
    request.device_login = user.pk  # the browser's cookie names the account (accounts.devices)


class SessionInfoMiddleware:
    """After Django's authentication: keeps each logged-in session's SessionInfo."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and hasattr(request, "session"):
            session_seen(request)
            device_cookie_set(request, response, getattr(request, "device_login", None))
        return response


def sessions_of(user: Any) -> list[SessionInfo]:
    """The player's sessions still alive, the latest seen first (ended ones are dropped)."""
    infos = list(SessionInfo.objects.filter(user=user))
    alive = set(
        Session.objects.filter(
            session_key__in=[i.session_key for i in infos], expire_date__gt=timezone.now()
        ).values_list("session_key", flat=True)
    )
    gone = [i.pk for i in infos if i.session_key not in alive]
    if gone:
        SessionInfo.objects.filter(pk__in=gone).delete()
    return [i for i in infos if i.session_key in alive]


def sessions_end(user: Any, keys: list[str] | None = None, keep: str | None = None) -> int:
    """End the player's sessions `keys` (all if None) but `keep`: they are logged out at
    once (their open sockets are the caller's: accounts.services.sessions_revoke). Say how
    many ended."""
    infos = SessionInfo.objects.filter(user=user)
    if keys is not None:
        infos = infos.filter(session_key__in=keys)
    if keep:
        infos = infos.exclude(session_key=keep)
    ended = list(infos.values_list("session_key", flat=True))
    with transaction.atomic():
        Session.objects.filter(session_key__in=ended).delete()
        SessionInfo.objects.filter(session_key__in=ended).delete()
    return len(ended)


def sessions_expired_drop() -> int:
    """Drop the SessionInfo rows of sessions that expired or ended (the daily sweep)."""
    alive = Session.objects.filter(expire_date__gt=timezone.now() - timedelta(minutes=1))
    gone = SessionInfo.objects.exclude(session_key__in=alive.values("session_key"))
    return gone.delete()[0]
