"""A server that is told to stop (SIGTERM) says goodbye before it goes.

Daphne, like any Twisted program, stops its reactor on SIGTERM: every connection is dropped
at once (the pages see 1006, no close frame) and the applications are cancelled before their
disconnect handlers reach the database, so the players' sockets stay "connected" until the
watchdog's 90 s sweep. Here the first socket a process accepts installs a SIGTERM handler in
front of Twisted's: it closes every open socket with 4012, "server restarting" (RFC 6455's
1012 means the same, but autobahn lets a server send only 1000 and 3000-4999; the page
reconnects, to another server if there is one: docs/protocol.md), lets their disconnect
handlers run
while the event loop is still alive (presence rows go, the other players see it at once),
then hands over to the previous handler, which stops the server. A second SIGTERM, or
SHUTDOWN_GRACE seconds, cut the goodbye short.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import weakref
from types import FrameType
from typing import Any

from games import processes

log = logging.getLogger(__name__)
CLOSE_RESTART = 4012
SHUTDOWN_GRACE = 5.0

_open: weakref.WeakSet = weakref.WeakSet()
_state: dict[str, Any] = {"installed": False, "stopping": False}


def track(consumer: Any) -> None:
    """An accepted socket: closed first when the server stops."""
    _install()
    _open.add(consumer)


def untrack(consumer: Any) -> None:
    """A socket that has gone (its disconnect handler ran)."""
    _open.discard(consumer)


def _install() -> None:
    if _state["installed"] or threading.current_thread() is not threading.main_thread():
        return
    loop = asyncio.get_running_loop()
    previous = signal.getsignal(signal.SIGTERM)

    def on_term(signum: int, frame: FrameType | None) -> None:
        if _state["stopping"]:  # a second SIGTERM: stop now
            _hand_over(previous, signum, frame)
            return
        _state["stopping"] = True
        loop.call_soon_threadsafe(lambda: loop.create_task(_goodbye(previous, signum, frame)))

    signal.signal(signal.SIGTERM, on_term)
    _state["installed"] = True


async def _goodbye(previous: Any, signum: int, frame: FrameType | None) -> None:
    sockets = list(_open)
    log.info("SIGTERM: closing %d sockets before stopping", len(sockets))
    for consumer in sockets:
        try:
            await consumer.close(CLOSE_RESTART)
        except Exception:
            log.exception("could not close %s", getattr(consumer, "channel_name", consumer))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SHUTDOWN_GRACE
    while len(_open) and loop.time() < deadline:
        await asyncio.sleep(0.05)
    if len(_open):
        log.warning("SIGTERM: %d sockets still closing after %s s; stopping", len(_open),
                    SHUTDOWN_GRACE)  # fmt: skip
    await asyncio.to_thread(processes.stop)  # whatever it still counted stops counting now
    _hand_over(previous, signum, frame)


def _hand_over(previous: Any, signum: int, frame: FrameType | None) -> None:
    """Let the server stop as it would have: its own handler, else the default action."""
    if callable(previous):
        previous(signum, frame)
    else:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
