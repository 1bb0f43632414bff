"""At most WHIST_MAX_SOCKETS open sockets per user and WHIST_MAX_SOCKETS_PER_ADDRESS per
client address (anonymous sockets too), counted across every server process.

On Redis each owner (a user, an address) has a hash of its open sockets, channel name to
server process. A socket is counted by one script that drops the entries of dead processes,
counts the rest and adds the new one only if there is room, all in one step on the server:
two sockets opening at once on two processes cannot both take the last place, and a close
is one HDEL, so closes at the same moment cannot lose each other's updates (the count was
a value read, changed and written back). A socket's entry counts until it closes or its
process dies; nothing beats for it: its process's key stands for it (runtime/processes.py).

A process killed outright leaves its entries behind; its key lives on for up to
WHIST_PROCESS_TTL seconds. When a socket would be refused while entries of another process
count, that process's own connection to Redis is looked for (each process names one:
runtime/processes.py); one gone means the process is: its key is dropped and its entries with
it, so a page that reconnects at once after a kill is not refused by what the dead process
left (docs/protocol.md). Without Redis (`make run`: one process) the counts are this
process's own, in memory. Behind a reverse proxy the address is the one the trusted proxy
sends (WHIST_TRUSTED_PROXIES), else every socket would share the proxy's.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

from django.conf import settings

from runtime import processes
from runtime.process_cache import cache

# An owner's hash lives a day after its last change (longer than a page stays open); the
# entries of dead processes go at the next count.
KEY_TTL = 24 * 3600

# KEYS[1]: the owner's hash; ARGV: channel, process, most, ttl, the process keys' prefix.
# 1 if counted, 0 if the owner has `most` sockets of living processes already.
OPEN = """
local entries = redis.call('HGETALL', KEYS[1])
local alive, count = {}, 0
for i = 1, #entries, 2 do
  local process = entries[i + 1]
  if alive[process] == nil then
    alive[process] = process == ARGV[2] or redis.call('EXISTS', ARGV[5] .. process) == 1
  end
  if not alive[process] then
    redis.call('HDEL', KEYS[1], entries[i])
  elseif entries[i] ~= ARGV[1] then
    count = count + 1
  end
end
if count >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
"""

_memory: dict[str, dict[str, str]] = {}  # without Redis: owner -> {channel: process}
_lock = threading.Lock()


def _owner(owner: int | str) -> str:
    return f"games:socks:{owner}"


def _address(address: str) -> str:
    return f"addr:{address}"


def _redis() -> Any | None:
    """The raw client of the shared cache if it is Redis, else None."""
    backend = getattr(cache, "_cache", None)
    if backend is None or not hasattr(backend, "get_client"):
        return None
    return backend.get_client(write=True)


def _open(owner: int | str, channel: str, most: int) -> bool:
    process = processes.current()
    client = _redis()
    if client is None:
        with _lock:
            sockets = _memory.setdefault(str(owner), {})
            if channel not in sockets and len(sockets) >= most:
                return False
            sockets[channel] = process
            return True
    key = cache.make_and_validate_key(_owner(owner))
    script = client.register_script(OPEN)
    args = [channel, process, most, KEY_TTL, processes.key_prefix()]
    if script(keys=[key], args=args):
        return True
    # Full: are the other processes that hold its places alive (a kill leaves its key
    # for seconds)? If one is not, its places go. Counted again either way: since the count,
    # another socket may have dropped a dead process's places, or one may have closed.
    others = {p.decode() for p in client.hvals(key)} - {process}
    if others:
        processes.drop_dead(others)
    return bool(script(keys=[key], args=args))


def _close(owner: int | str, channel: str) -> None:
    client = _redis()
    if client is None:
        with _lock:
            sockets = _memory.get(str(owner), {})
            sockets.pop(channel, None)
            if not sockets:
                _memory.pop(str(owner), None)
        return
    client.hdel(cache.make_and_validate_key(_owner(owner)), channel)


def _held(owners: Sequence[int | str]) -> dict[str, dict[str, str]]:
    """Each owner's entries, channel -> process, living processes or not."""
    client = _redis()
    if client is None:
        with _lock:
            return {str(o): dict(_memory.get(str(o), {})) for o in owners}
    pipe = client.pipeline(transaction=False)
    for owner in owners:
        pipe.hgetall(cache.make_and_validate_key(_owner(owner)))
    return {
        str(owner): {c.decode(): p.decode() for c, p in entries.items()}
        for owner, entries in zip(owners, pipe.execute(), strict=True)
    }


def counted(owner: int | str) -> dict[str, str]:
    """The owner's sockets that count now (of living processes): channel -> process."""
    entries = _held([owner])[str(owner)]
    living = processes.alive(set(entries.values()))
    return {c: p for c, p in entries.items() if p in living}


def _seen(user_id: int) -> str:
    return f"games:seen:{user_id}"


def online(user_ids: list[int]) -> set[int]:
    """Which of these users have an open socket now (every page of the site has one), or
    closed one less than WHIST_ONLINE_GRACE seconds ago: between two pages a player has none."""
    user_ids = list(user_ids)
    if not user_ids:
        return set()
    seen = cache.get_many([_seen(u) for u in user_ids])
    held = _held(user_ids)
    living = processes.alive({p for entries in held.values() for p in entries.values()})
    return {
        u for u in user_ids
        if _seen(u) in seen or any(p in living for p in held[str(u)].values())
    }  # fmt: skip


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


# A page a socket says it is on (`?page=event-12` on /ws/notices/): who has it open, or had.
PAGE_MOST = 32  # sockets of one user on one page (tabs), counted as one presence


def _page(page: str, user_id: int) -> str:
    return f"page:{page}:{user_id}"


def _page_seen(page: str, user_id: int) -> str:
    return f"games:page-seen:{page}:{user_id}"


def page_open(page: str, user_id: int, channel: str) -> None:
    """The user's socket `channel` is on `page` (kept with the socket counts: a dead
    process's entries do not count)."""
    _open(_page(page, user_id), channel, PAGE_MOST)


def page_close(page: str, user_id: int, channel: str) -> None:
    """The socket left `page`: the user was there until now."""
    _close(_page(page, user_id), channel)
    cache.set(_page_seen(page, user_id), time.time(), KEY_TTL)


def on_page(page: str, user_ids: list[int], since: float) -> set[int]:
    """Which of these users have `page` open now, or closed it at `since` (a Unix time) or
    later (a reload, a moment offline)."""
    user_ids = list(user_ids)
    if not user_ids:
        return set()
    seen = cache.get_many([_page_seen(page, u) for u in user_ids])
    held = _held([_page(page, u) for u in user_ids])
    living = processes.alive({p for entries in held.values() for p in entries.values()})
    return {
        u for u in user_ids
        if seen.get(_page_seen(page, u), 0) >= since
        or any(p in living for p in held[_page(page, u)].values())
    }  # fmt: skip
