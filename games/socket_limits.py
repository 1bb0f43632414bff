"""At most WHIST_MAX_SOCKETS open sockets per user, counted in the cache all servers share:
each socket is an entry with an expiry that its server's heartbeat pushes on, so the
sockets of a server that died stop counting by themselves. A soft limit: two sockets
opening at the same instant may both pass."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache


def _key(user_id: int) -> str:
    return f"games:sockets:{user_id}"


def _ttl() -> float:
    return max(settings.WHIST_PRESENCE_STALE, 2 * settings.WHIST_PRESENCE_BEAT)


def _live(user_id: int) -> dict[str, float]:
    now = time.time()
    return {c: t for c, t in (cache.get(_key(user_id)) or {}).items() if t > now}


def socket_open(user_id: int, channel: str) -> bool:
    """Count socket `channel` of the user; False (not counted) if they have too many open."""
    sockets = _live(user_id)
    if channel not in sockets and len(sockets) >= settings.WHIST_MAX_SOCKETS:
        return False
    sockets[channel] = time.time() + _ttl()
    cache.set(_key(user_id), sockets, _ttl())
    return True


def socket_refresh(user_id: int, channel: str) -> None:
    """The heartbeat: socket `channel` is still open."""
    sockets = _live(user_id)
    sockets[channel] = time.time() + _ttl()
    cache.set(_key(user_id), sockets, _ttl())


def socket_close(user_id: int, channel: str) -> None:
    sockets = _live(user_id)
    if sockets.pop(channel, None) is not None:
        cache.set(_key(user_id), sockets, _ttl())
