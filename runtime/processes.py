"""Which server processes are alive: each process that holds sockets keeps a key of its own in
the shared cache, refreshed every WHIST_PROCESS_BEAT seconds by a thread of its own and
expiring WHIST_PROCESS_TTL seconds after the last refresh.

What is kept for a process's sockets (the socket counts of games/sockets/limits.py, the
presence rows of games/services/presence.py) names the process; once its key is gone (a
process killed outright, as by an out-of-memory kill), that is dropped within seconds
instead of after the sockets' own expiry (90 s). On Redis the key is
set through a connection of the process's own, named after it: Redis drops it the moment
the process dies, which `drop_dead` reads when a socket would be refused for what a dead
process left (games/sockets/limits.py). A thread, not a task of the event loop,
so that a loop busy with a reconnect wave does not make its process look dead; a process
stopped with SIGTERM deletes its key as it goes (games/sockets/shutdown.py).
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Iterable
from typing import Any

import redis
from django.conf import settings

from runtime.process_cache import cache

log = logging.getLogger(__name__)
NAME = "whist-"  # the name of a process's own Redis connection: whist-<process id>
NAMED = 2  # the process key's value of a process that holds one
_state: dict[str, Any] = {"pid": None, "id": "", "thread": None}
_listed: dict[str, Any] = {"at": 0.0, "names": set()}  # Redis's client names, when read
_lock = threading.Lock()
_stopped = threading.Event()
_beating = threading.Lock()


def _key(process: str) -> str:
    return f"games:process:{process}"


def current() -> str:
    """This process's id (a new one after a fork), beating from the first call on."""
    with _lock:
        if _state["pid"] != os.getpid():
            _state.update(pid=os.getpid(), id=uuid.uuid4().hex[:16])
            _stopped.clear()
            thread = threading.Thread(target=_run, args=(_state["id"],), daemon=True,
                                      name="whist-process-beat")  # fmt: skip
            thread.start()
            _state["thread"] = thread
            _beat_once(str(_state["id"]))  # alive before its first socket counts
        return str(_state["id"])


def _beat_once(process: str) -> None:
    """Refresh the process key. On Redis through a connection of the process's own, named
    after it, whose end Redis sees the moment the process dies (`drop_dead`); its value
    NAMED says so (an older server's key, 1, is never judged by its connection)."""
    with _beating:  # the first beat is the caller's, the others the thread's
        named = _named(process)
        if named is None:
            cache.set(_key(process), 1, settings.WHIST_PROCESS_TTL)
        else:
            named.set(cache.make_and_validate_key(_key(process)), NAMED,
                      px=int(settings.WHIST_PROCESS_TTL * 1000))  # fmt: skip


def _named(process: str) -> Any | None:
    """This process's own Redis connection, named `whist-<process>`, or None without Redis."""
    if _state.get("named_for") != process:
        backend = getattr(cache, "_cache", None)
        if backend is None or not hasattr(backend, "get_client"):
            return None
        pool = backend.get_client(write=True).connection_pool
        kwargs = {**pool.connection_kwargs, "client_name": f"{NAME}{process}"}  # on every connect
        own = redis.ConnectionPool(connection_class=pool.connection_class, **kwargs)
        _state.update(named=redis.Redis(connection_pool=own, single_connection_client=True),
                      named_for=process)  # fmt: skip
    return _state["named"]


def key_prefix() -> str:
    """The prefix of the process keys as stored in Redis (the cache's own prefix included)."""
    return cache.make_and_validate_key(_key("x"))[:-1]


def drop_dead(processes: set[str]) -> None:
    """Of `processes`, those whose key says they hold a named connection but whose
    connection Redis no longer has are dead (killed: the key outlives them for up to
    WHIST_PROCESS_TTL seconds): their keys go now. Redis's client list is read at most once
    a second."""
    backend = getattr(cache, "_cache", None)
    if backend is None or not hasattr(backend, "get_client"):
        return
    client = backend.get_client(write=True)
    keys = {p: cache.make_and_validate_key(_key(p)) for p in processes if p != _state["id"]}
    values = dict(zip(keys, client.mget(list(keys.values())), strict=True)) if keys else {}
    judged = [p for p, value in values.items() if value == str(NAMED).encode()]
    if not judged:  # none named a connection, or all are gone already
        return
    with _lock:
        if time.monotonic() - _listed["at"] > 1.0:
            _listed.update(at=time.monotonic(), names={
                c.get("name", "") for c in client.client_list(_type="normal")})  # fmt: skip
        names = _listed["names"]
    dead = [p for p in judged if f"{NAME}{p}" not in names]
    if dead:
        log.warning("processes %s have no connection to Redis: taken as dead", dead)
        client.delete(*(keys[p] for p in dead))


def _run(process: str) -> None:
    while not _stopped.wait(settings.WHIST_PROCESS_BEAT):
        if _state["id"] != process:
            return
        try:
            _beat_once(process)
        except Exception:  # Redis away for a moment: the next beat tries again
            log.warning("process beat failed", exc_info=True)


def stop() -> None:
    """This process is going (SIGTERM): its key goes now, and what it held stops counting."""
    _stopped.set()
    process = str(_state["id"])
    if process and _state["pid"] == os.getpid():
        try:
            cache.delete(_key(process))
        except Exception:
            log.warning("could not delete the process key", exc_info=True)


def alive(processes: Iterable[str]) -> set[str]:
    """Those of `processes` whose key is still there."""
    wanted = {p for p in processes if p}
    mine = {p for p in wanted if p == _state["id"] and _state["pid"] == os.getpid()}
    wanted -= mine  # this process is alive, whether or not its key is (a cache cleared)
    if not wanted:
        return mine
    found = cache.get_many([_key(p) for p in wanted])
    return mine | {p for p in wanted if _key(p) in found}
