"""A stopping server leaves without Python's interpreter teardown: once Twisted's reactor has
stopped (its 'after shutdown' event), the logs are flushed and the process exits at once.

Python's own exit tears down every module and collects every object the process made. In
bench/sigterm_runs.py a Daphne that had held 100 sockets spent 10-14 s there after its
goodbye (py-spy: the main thread alone, holding the GIL, no Python frame left), on a machine
whose load average was 16-24, so its exit came 19-23 s after SIGTERM. Nothing is lost by
skipping it: the goodbye has closed the sockets and dropped the process's presence, and the
database and Redis end a closed connection's work themselves.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from typing import Any

PINNED = {("twisted.internet.base", "ReactorBase.addSystemEventTrigger"): "29378c7d0d23fac8"}
_armed = {"on": False}


def after_reactor() -> None:
    """Exit right after the reactor's shutdown (once; from the reactor's thread)."""
    if _armed["on"]:
        return
    _armed["on"] = True
    from twisted.internet import reactor  # here: importing it elsewhere installs a reactor

    add = getattr(reactor, "addSystemEventTrigger")  # noqa: B009 - its interface types it wrong
    add("after", "shutdown", leave)


def leave(status: int = 0) -> None:
    """Flush what is buffered, then end the process without the interpreter's teardown."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


def deadline(seconds: float, log: logging.Logger, before: Any = None) -> None:
    """Leave `seconds` from now whatever is still running (a daemon timer). Daphne's stop
    waits for every cancelled application instance, and an instance whose database call is
    still running in a thread cannot end before it (asgiref waits for its thread): at load
    average 24 one such process was still there 30 s after SIGTERM. What a cut leaves, the
    database rolls back (every change is one transaction) and the watchdog sweeps."""

    def cut() -> None:
        log.warning("still stopping %s s after SIGTERM: leaving now", seconds)
        if before is not None:
            before()
        leave()

    timer = threading.Timer(seconds, cut)
    timer.daemon = True
    timer.start()
