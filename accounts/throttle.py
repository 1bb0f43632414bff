"""Who a login attempt or a rate-limited request counts against: the account name (case-
folded) and the client address, IPv6 grouped by /64 (one subscriber's whole network)."""

from __future__ import annotations

import ipaddress
import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.shortcuts import render
from django_ratelimit.core import is_ratelimited

# Django's REMOTE_ADDR: Daphne's peer, or the address a trusted proxy names
# (WHIST_TRUSTED_PROXIES; docs/deployment.md, "Trusted proxies"); never a header a client
# sends itself.


def address_of(ip: str | None) -> str:
    """An IPv4 address as it is; an IPv6 address as its /64 network."""
    try:
        parsed = ipaddress.ip_address((ip or "").strip())
    except ValueError:
        return "unknown"
    if parsed.version == 4:
        return str(parsed)
    if parsed.ipv4_mapped is not None:  # ::ffff:192.0.2.1 is that IPv4 address
        return str(parsed.ipv4_mapped)
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False))


def client_address(request: HttpRequest) -> str:
    """The address a request counts against (django-axes' AXES_CLIENT_IP_CALLABLE)."""
    return address_of(request.META.get("REMOTE_ADDR"))


def login_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The account a login attempt counts against, whatever its letter case (usernames are
    unique case-insensitively)."""
    name = (credentials or {}).get("username") or request.POST.get("username")
    return name.strip().casefold() if isinstance(name, str) and name.strip() else None


def limited(
    request: HttpRequest, group: str, rate: str, key: str = "address", value: str = ""
) -> bool:
    """Count one request of `group` against the client address (key "address"), the
    logged-in user ("user") or a value such as an e-mail address ("value"), and say whether
    it is over `rate` ("10/h")."""
    keys = {"user": _user_key, "address": _address_key, "value": lambda g, r: f"value:{value}"}
    return is_ratelimited(request, group=group, key=keys[key], rate=rate, increment=True)


def user_limited(user_id: int, group: str, rate: str) -> bool:
    """`limited` with key "user" where there is no request (a socket's message, a service):
    the same count as the requests of that user in `group`."""
    return is_ratelimited(
        None, group=group, key=lambda g, r: f"user:{user_id}", rate=rate, increment=True
    )


def _user_key(group: str, request: HttpRequest) -> str:
    return f"user:{request.user.pk}" if request.user.is_authenticated else client_address(request)


def _address_key(group: str, request: HttpRequest) -> str:
    return f"address:{client_address(request)}"


def lockout_response(request: HttpRequest, response: Any = None, credentials: Any = None):
    """django-axes' answer to a locked-out login (AXES_LOCKOUT_CALLABLE): the site's page,
    status 429, with the cool-off in minutes."""
    minutes = max(1, math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return render(request, "accounts/locked_out.html", {"minutes": minutes}, status=429)
