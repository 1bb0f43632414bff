"""The browser's one cookie, `whist_device`: a random key a browser keeps from its first
login, and the accounts that logged in from it, signed by the site.

- The key is recorded with each session (accounts.SessionInfo.device_key), so that the
  accounts used on one browser are known to share it and are never seated at one rated
  table (docs/rules.md §4.3). It names no person and no browser model, only "the same
  browser".
- The accounts (at most KEPT_ACCOUNTS) are the known devices of accounts.login_guard: past
  its cap of failed logins, an account takes its password only from a browser that logged
  in to it before, so its owner is not locked out.

Each login signs the cookie again (its WHIST_KNOWN_DEVICE_DAYS count from the last login).
Until LEGACY_UNTIL the earlier forms are read too: an unsigned key in `whist_device` and
the accounts in a signed `known_device`; a logged-in browser gets the one signed cookie in
their place. The privacy notice (legal.inventory.COOKIES) names the one."""

from __future__ import annotations

import ipaddress
import re
import secrets
from collections.abc import Iterable, Mapping
from datetime import date
from http.cookies import SimpleCookie
from itertools import combinations
from typing import Any

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.models import SessionInfo
from runtime.process_cache import cache

DEVICE_COOKIE = "whist_device"
SALT = "accounts.devices"
KEPT_ACCOUNTS = 5  # accounts one browser remembers
_KEY = re.compile(r"[A-Za-z0-9_-]{22}")
# The earlier cookies: a browser key unsigned in DEVICE_COOKIE, and the known accounts signed
# in LEGACY_COOKIE (kept WHIST_KNOWN_DEVICE_DAYS, 365, from a login). Read until LEGACY_UNTIL,
# a year and a few weeks after they were last set: by then each has expired or been replaced.
LEGACY_COOKIE = "known_device"
LEGACY_SALT = "accounts.known_device"
LEGACY_UNTIL = date(2028, 1, 1)


def valid(key: str | None) -> str:
    """The key if it is one the site could have made, else ""."""
    return key if isinstance(key, str) and _KEY.fullmatch(key) else ""


def read(raw: str | None) -> tuple[str, list[int]]:
    """The cookie's key and accounts ("" and [] for no cookie, a forged or an expired one)."""
    value = _signed(raw, SALT)
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[1], list)):
        return "", []
    return valid(value[0]), [pk for pk in value[1] if isinstance(pk, int)]


def read_cookies(cookies: Mapping[str, str]) -> tuple[str, list[int]]:
    """The browser's key and accounts from its cookies: the signed one, else (until
    LEGACY_UNTIL) the earlier forms."""
    found = read(cookies.get(DEVICE_COOKIE))
    if found[0] or timezone.now().date() >= LEGACY_UNTIL:
        return found
    accounts = _signed(cookies.get(LEGACY_COOKIE), LEGACY_SALT)
    known = [pk for pk in accounts if isinstance(pk, int)] if isinstance(accounts, list) else []
    return valid(cookies.get(DEVICE_COOKIE)), known


def _signed(raw: str | None, salt: str) -> Any:
    try:
        return signing.loads(raw or "", salt=salt, max_age=settings.WHIST_KNOWN_DEVICE_DAYS * 86400)
    except signing.BadSignature:
        return None


def cookie_value(key: str, accounts: list[int]) -> str:
    """What the cookie holds for this key and these accounts (the tests make one too)."""
    return signing.dumps([key, accounts[:KEPT_ACCOUNTS]], salt=SALT)


def device_key(request: HttpRequest) -> str:
    """The request's browser key: its cookie's, or a new one the response then sets
    (device_cookie_set)."""
    key = getattr(request, "device_key", "")
    if not key:
        key = read_cookies(request.COOKIES)[0] or secrets.token_urlsafe(16)
        request.device_key = key
    return key


def known_accounts(request: HttpRequest | None) -> list[int]:
    """The accounts this browser logged in to before."""
    return read_cookies(request.COOKIES)[1] if request is not None else []


def device_cookie_set(request: HttpRequest, response: HttpResponse, login: int | None) -> None:
    """Give a logged-in browser its signed cookie: after each login (`login`: the account,
    named first among its accounts, and the signature renewed), and whenever it holds none
    or an earlier form."""
    key, accounts = device_key(request), known_accounts(request)
    if login is not None:
        accounts = [login, *[pk for pk in accounts if pk != login]][:KEPT_ACCOUNTS]
    elif read(request.COOKIES.get(DEVICE_COOKIE)) == (key, accounts):
        return
    response.set_cookie(
        DEVICE_COOKIE, cookie_value(key, accounts), httponly=True, samesite="Lax",
        max_age=settings.WHIST_KNOWN_DEVICE_DAYS * 86400, secure=settings.SESSION_COOKIE_SECURE,
    )  # fmt: skip
    if LEGACY_COOKIE in request.COOKIES:
        response.delete_cookie(LEGACY_COOKIE, samesite="Lax")


def scope_device(scope: dict[str, Any]) -> str:
    """A socket's browser key, from its handshake's cookies ("" if it has none)."""
    cookies = scope.get("cookies")
    if cookies is None:
        jar: SimpleCookie = SimpleCookie()
        for name, value in scope.get("headers") or ():
            if name == b"cookie":
                jar.load(value.decode("latin-1"))
        cookies = {k: m.value for k, m in jar.items()}
    return read_cookies(cookies)[0]


def shared_devices(user_ids: Iterable[int]) -> set[frozenset[int]]:
    """Pairs of these accounts that have had a session on one browser (sessions still kept),
    one query."""
    users_of: dict[str, set[int]] = {}
    rows = SessionInfo.objects.filter(user_id__in=list(user_ids)).exclude(device_key="")
    for key, user_id in rows.values_list("device_key", "user_id"):
        users_of.setdefault(key, set()).add(user_id)
    return {frozenset(p) for users in users_of.values() for p in combinations(sorted(users), 2)}


# A seated player's origin at a table: a keyed digest of the network address (as the pool
# compares it: IPv4 as it is, IPv6 by /64) and the browser key, kept in the shared cache for
# ORIGIN_DAYS so that fair play (fairplay.shared) can tell opponents who played from one
# browser or one network. The address itself is never kept.
ORIGIN_DAYS = 3
ORIGINS_KEPT = 4  # networks and browsers per player and table, the newest


def network_digest(address: str) -> str:
    """A keyed digest of `address` (accounts.throttle.address_of's form); "" for none or a
    loopback address, which names no client (docs/deployment.md, "Trusted proxies")."""
    try:
        if not address or ipaddress.ip_network(address, strict=False).is_loopback:
            return ""
    except ValueError:  # "unknown"
        return ""
    return salted_hmac("whist.origin", address, algorithm="sha256").hexdigest()[:16]


def origin_note(table_id: int, user_id: int, address: str, device: str) -> None:
    """The seated player `user_id` opened a socket at the table from `address`/`device`."""
    key = f"origin:{table_id}:{user_id}"
    kept = cache.get(key) or {"networks": [], "devices": []}
    for field, value in (("networks", network_digest(address)), ("devices", valid(device))):
        if value and value not in kept[field]:
            kept[field] = [*kept[field], value][-ORIGINS_KEPT:]
    cache.set(key, kept, ORIGIN_DAYS * 86400)


def table_shared(table_id: int, user_ids: Iterable[int]) -> dict[frozenset[int], set[str]]:
    """Pairs of these players at the table who shared something: "device" (one browser at
    the table, or sessions on one browser) or "network" (one network address at the table)."""
    users = sorted(set(user_ids))
    found = cache.get_many([f"origin:{table_id}:{u}" for u in users])
    origins = {u: found.get(f"origin:{table_id}:{u}") or {} for u in users}
    out: dict[frozenset[int], set[str]] = {p: {"device"} for p in shared_devices(users)}
    for a, b in combinations(users, 2):
        for field, kind in (("devices", "device"), ("networks", "network")):
            if set(origins[a].get(field, ())) & set(origins[b].get(field, ())):
                out.setdefault(frozenset((a, b)), set()).add(kind)
    return out
