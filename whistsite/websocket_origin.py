"""The WebSocket origin check: a socket is opened only from a page of this very site.

Channels' AllowedHostsOriginValidator compares the Origin's host name with ALLOWED_HOSTS
and ignores its scheme and port, so a page on http://site:8080 (another program on the same
host) could open the sockets of https://site. Here the Origin must equal the site's own
origin as the request names it (scheme, host and port; ws:// pairs with http://, wss:// with
https://, and a proxy's X-Forwarded-Proto counts only where SECURE_PROXY_SSL_HEADER says it
may), or be listed in CSRF_TRUSTED_ORIGINS; and the Host must be allowed. Anything else is
refused at the handshake (HTTP 403), as Django refuses a cross-site POST.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_key(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin such as "https://site:8443"; None if malformed."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def own_origin(scope: dict[str, Any]) -> tuple[str, str, int] | None:
    """The site's origin as this request names it: its Host and its (ws/wss) scheme."""
    headers = dict(scope.get("headers") or [])
    host = headers.get(b"host", b"").decode("latin-1")
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if scope.get("scheme") == "wss" or _proxied_https(headers) else "http"
    return scheme, domain.lower(), int(port) if port else DEFAULT_PORTS[scheme]


def _proxied_https(headers: dict[bytes, bytes]) -> bool:
    header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not header:
        return False
    name, value = header  # e.g. ("HTTP_X_FORWARDED_PROTO", "https")
    wanted = name.removeprefix("HTTP_").replace("_", "-").lower().encode()
    return headers.get(wanted, b"").decode("latin-1").split(",")[0].strip() == value


def allowed(scope: dict[str, Any]) -> bool:
    headers = dict(scope.get("headers") or [])
    origin = origin_key(headers.get(b"origin", b"").decode("latin-1"))
    own = own_origin(scope)
    if origin is None or own is None:
        return False
    trusted = {origin_key(url) for url in settings.CSRF_TRUSTED_ORIGINS}
    return origin == own or origin in trusted


async def refuse(receive: Any, send: Any) -> None:
    """Refuse a socket's handshake (HTTP 403), as channels' WebsocketDenier does, without
    making it a consumer and a channel of its own."""
    message = await receive()
    if message.get("type") == "websocket.connect":
        await send({"type": "websocket.close"})
