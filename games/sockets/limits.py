"""At most WHIST_MAX_SOCKETS open sockets per user and WHIST_MAX_SOCKETS_PER_ADDRESS per
client address (anonymous sockets too), counted in the cache all servers share: each
socket is an entry naming its server process, and counts until it closes or its process
dies (the process key expires within seconds: runtime/processes.py). No socket beats for its
count: one key per process does (a beat per socket cost an idle lobby viewer about half of
its CPU: docs/benchmarks.md, "Idle lobby viewers"). An entry without a process (an
older server's) counts until its own expiry. A socket whose close was lost while its
process lives counts until that process stops. A soft limit: two sockets opening at the
same instant may both pass. Behind a reverse proxy the address is the one the trusted proxy
sends (WHIST_TRUSTED_PROXIES), else every socket would share the proxy's."""

from __future__ import annotations

import time

from django.conf import settings

from runtime import processes
from runtime.process_cache import cache


def _key(owner: int | str) -> str:
    return f"games:sockets:{owner}"


def _address(address: str) -> str:
    return f"addr:{address}"


# How long an owner's entries stay in the cache after the last socket opened or closed: a
# day, longer than a page stays open; the process rule drops them sooner.
KEY_TTL = 24 * 3600.0


def _ttl() -> float:
    return max(settings.WHIST_PRESENCE_STALE, 2 * settings.WHIST_PRESENCE_BEAT)


def _entries(stored: dict | None) -> dict[str, list]:
    """An owner's stored sockets as {channel: [expiry, process]} (an older server stored
    the expiry alone)."""
    return {c: e if isinstance(e, list) else [e, ""] for c, e in (stored or {}).items()}


def _counted(entries: dict[str, list], living: set[str], now: float) -> dict[str, list]:
    """Those of a living process (runtime/processes.py), and those naming none that have not
    expired."""
    return {c: e for c, e in entries.items() if e[1] in living or (not e[1] and e[0] > now)}


def _live(owner: int | str) -> dict[str, list]:
    """The owner's counted sockets, {channel: [expiry, process]}."""
    entries = _entries(cache.get(_key(owner)))
    return _counted(entries, processes.alive(e[1] for e in entries.values()), time.time())


def _open(owner: int | str, channel: str, most: int) -> bool:
    process = processes.current()
    sockets = _live(owner)
    if channel not in sockets and len(sockets) >= most:
        return False
    sockets[channel] = [time.time() + _ttl(), process]
    cache.set(_key(owner), sockets, KEY_TTL)
    return True


def _close(owner: int | str, channel: str) -> None:
    sockets = _live(owner)
    if sockets.pop(channel, None) is not None:
        cache.set(_key(owner), sockets, KEY_TTL)


def _seen(user_id: int) -> str:
    return f"games:seen:{user_id}"


def online(user_ids: list[int]) -> set[int]:
    """Which of these users have an open socket now (every page of the site has one), or
    closed one less than WHIST_ONLINE_GRACE seconds ago: between two pages a player has none."""
    user_ids = list(user_ids)
    if not user_ids:
        return set()
    found = cache.get_many([_seen(u) for u in user_ids] + [_key(u) for u in user_ids])
    entries = {u: _entries(found.get(_key(u))) for u in user_ids}
    living = processes.alive(e[1] for sockets in entries.values() for e in sockets.values())
    now = time.time()
    return {u for u in user_ids if _seen(u) in found or _counted(entries[u], living, now)}


def socket_open(user_id: int, channel: str) -> bool:
    """Count socket `channel` of the user; False (not counted) if they have too many open."""
    return _open(user_id, channel, settings.WHIST_MAX_SOCKETS)


def socket_close(user_id: int, channel: str) -> None:
    _close(user_id, channel)
    cache.set(_seen(user_id), True, settings.WHIST_ONLINE_GRACE)


def address_open(address: str, channel: str) -> bool:
    """Count socket `channel` of a client address; False if the address has too many open."""
    return _open(_address(address), channel, settings.WHIST_MAX_SOCKETS_PER_ADDRESS)


def address_close(address: str, channel: str) -> None:
    _close(_address(address), channel)
