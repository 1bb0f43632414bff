"""Which server processes are alive: each process that holds sockets keeps a key of its own in
the shared cache, refreshed every WHIST_PROCESS_BEAT seconds by a thread of its own and
expiring WHIST_PROCESS_TTL seconds after the last refresh.

What is kept for a process's sockets (the socket counts of games/sockets/limits.py, the
presence rows of games/services/presence.py) names the process; once its key is gone (a
process killed outright, as by an out-of-memory kill), that is dropped within seconds
instead of after the sockets' own expiry (90 s). A thread, not a task of the event loop,
so that a loop busy with a reconnect wave does not make its process look dead; a process
stopped with SIGTERM deletes its key as it goes (games/sockets/shutdown.py).
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from collections.abc import Iterable

from django.conf import settings

from runtime.process_cache import cache

log = logging.getLogger(__name__)
_state: dict[str, object] = {"pid": None, "id": "", "thread": None}
_lock = threading.Lock()
_stopped = threading.Event()


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
    cache.set(_key(process), 1, settings.WHIST_PROCESS_TTL)


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
