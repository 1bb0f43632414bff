"""At most WHIST_MAX_SOCKETS open sockets per user and WHIST_MAX_SOCKETS_PER_ADDRESS per
client address (anonymous sockets too), counted in the cache all servers share: each
socket is an entry with an expiry that its server's heartbeat pushes on and the id of its
server process, so the sockets of a server that died stop counting within seconds, once
its process key expires (games/processes.py), and at the latest at their own expiry. A
soft limit: two sockets opening at the same instant may both pass. Behind a reverse proxy
the address is the one Daphne is told (`--proxy-headers`), else every socket would share
the proxy's."""

from __future__ import annotations

import time

from django.conf import settings

from accounts.process_cache import cache
from games import processes


def _key(owner: int | str) -> str:
    return f"games:sockets:{owner}"


def _address(address: str) -> str:
    return f"addr:{address}"


def _ttl() -> float:
    return max(settings.WHIST_PRESENCE_STALE, 2 * settings.WHIST_PRESENCE_BEAT)


def _live(owner: int | str) -> dict[str, list]:
    """The owner's counted sockets, {channel: [expiry, process]}, without those expired or
    whose process is dead (games/processes.py)."""
    now = time.time()
    entries = {
        c: e if isinstance(e, list) else [e, ""] for c, e in (cache.get(_key(owner)) or {}).items()
    }
    entries = {c: e for c, e in entries.items() if e[0] > now}
    living = processes.alive(e[1] for e in entries.values())
    return {c: e for c, e in entries.items() if not e[1] or e[1] in living}


def _open(owner: int | str, channel: str, most: int) -> bool:
    process = processes.current()
    sockets = _live(owner)
    if channel not in sockets and len(sockets) >= most:
        return False
    sockets[channel] = [time.time() + _ttl(), process]
    cache.set(_key(owner), sockets, _ttl())
    return True


def _refresh(owner: int | str, channel: str) -> None:
    sockets = _live(owner)
    sockets[channel] = [time.time() + _ttl(), processes.current()]
    cache.set(_key(owner), sockets, _ttl())


def _close(owner: int | str, channel: str) -> None:
    sockets = _live(owner)
    if sockets.pop(channel, None) is not None:
        cache.set(_key(owner), sockets, _ttl())


def socket_open(user_id: int, channel: str) -> bool:
    """Count socket `channel` of the user; False (not counted) if they have too many open."""
    return _open(user_id, channel, settings.WHIST_MAX_SOCKETS)


def socket_refresh(user_id: int, channel: str) -> None:
    """The heartbeat: socket `channel` is still open."""
    _refresh(user_id, channel)


def socket_close(user_id: int, channel: str) -> None:
    _close(user_id, channel)


def address_open(address: str, channel: str) -> bool:
    """Count socket `channel` of a client address; False if the address has too many open."""
    return _open(_address(address), channel, settings.WHIST_MAX_SOCKETS_PER_ADDRESS)


def address_refresh(address: str, channel: str) -> None:
    _refresh(_address(address), channel)


def address_close(address: str, channel: str) -> None:
    _close(_address(address), channel)
