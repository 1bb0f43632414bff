"""A server that is told to stop (SIGTERM) says goodbye before it goes, within seconds.

Daphne, like any Twisted program, stops its reactor on SIGTERM: every connection is dropped
at once (the pages see 1006, no close frame) and the applications are cancelled before their
disconnect handlers reach the database, so the players' sockets stay "connected" until the
watchdog's sweep. Here a SIGTERM handler goes in front of Twisted's as Daphne starts
serving (or at the first socket, outside Daphne). On SIGTERM it:

1. closes every open socket with 4012, "server restarting" (RFC 6455's 1012 means the same,
   but autobahn lets a server send only 1000 and 3000-4999; the page reconnects, to another
   server if there is one: docs/protocol.md); a socket that opens meanwhile is closed with
   4012 as soon as it is accepted, and /readyz answers not ready (whistsite/health.py);
2. waits up to SHUTDOWN_GRACE seconds for their disconnects, which while stopping touch
   neither the database nor the cache: one per socket, at hundreds of sockets, queued
   behind each other for tens of seconds;
3. instead drops in bulk what the process held, from the start and beside the closes: its
   process key (its socket counts stop counting on every server: runtime/processes.py), then
   its presence rows, all in one statement, then one change per table (the other players
   see the seats disconnected at once), for at most CLEANUP_GRACE seconds (a table not
   published by then has no row left, and a page that reconnects publishes its seat; a row
   written after the statement, the watchdog's next sweep drops: the process key is gone);
4. cancels the database and cache work still queued in the process's thread pools (the
   site's database threads, games/sockets/db_pool.py, and asgiref's: Python would run every
   queued item of asgiref's before exiting), and hands over to the previous handler,
   which stops the server.

A second SIGTERM cuts the goodbye short. What a cut-short goodbye leaves behind, the
watchdog's sweep drops once the process key has expired.

Under Daphne a SIGINT (Ctrl-C in `make run`'s terminal) says the same goodbye: Twisted's own
SIGINT handler stopped the reactor, and then Python tore the interpreter down, collecting
every object the site had made with no Python frame left: 0.4-0.5 CPU-s, 1-3 s at load
7-24, more on a busier machine (tests/site/test_make_run_stop.py). A second Ctrl-C cuts it short.
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

from games.sockets.db_pool import pool as db_pool
from runtime import metrics, processes
from whistsite.patches import channel_layer, quick_exit
from whistsite.patches.asgiref_loop import cancel_queued, queued_work_executors

log = logging.getLogger(__name__)
CLOSE_RESTART = 4012
SHUTDOWN_GRACE = 3.0  # seconds for the closed sockets' disconnects
# Seconds from SIGTERM for dropping its presence rows in bulk: what the 10 s stop allows
# (docs/deployment.md). 5 s was too short on a busy machine: at load average 20, 300
# sockets at 75 tables left 40 rows to the other servers' sweep (tests/faults); 6 s left
# 33 rows of 100 tables at load 10-20 (make test beside two other runs). 8 s still leaves
# the hand-over 1.5 s before EXIT_DEADLINE.
CLEANUP_GRACE = 8.0
# Seconds from SIGTERM to leaving whatever still runs (whistsite/patches/quick_exit.py): a
# supervisor's 10 s stop timeout never needs SIGKILL.
EXIT_DEADLINE = 9.5

_open: weakref.WeakSet = weakref.WeakSet()
_state: dict[str, Any] = {"installed": False, "stopping": False}


def track(consumer: Any) -> None:
    """An accepted socket: closed first when the server stops."""
    watch_sigterm()
    _open.add(consumer)


def untrack(consumer: Any) -> None:
    """A socket that has gone (its disconnect handler ran)."""
    _open.discard(consumer)


def watch_sigterm(interrupt: bool = False) -> None:
    """Put the goodbye in front of the server's SIGTERM handler (once, from the main thread
    with its loop running): Daphne calls it as it starts serving, a socket as it opens.
    `interrupt`: in front of its SIGINT handler too (Daphne's, which stops the reactor; not
    a test process's, whose Ctrl-C stays Python's KeyboardInterrupt)."""
    if _state["installed"] or threading.current_thread() is not threading.main_thread():
        return
    loop = asyncio.get_running_loop()
    signums = [signal.SIGTERM]
    if interrupt and callable(signal.getsignal(signal.SIGINT)):  # not ignored (SIG_IGN)
        signums.append(signal.SIGINT)
    for signum in signums:
        signal.signal(signum, _on_stop(loop, signal.getsignal(signum)))
    _state["installed"] = True


def _on_stop(loop: asyncio.AbstractEventLoop, previous: Any) -> Any:
    """The handler of a signal that stops the server, whose own handler was `previous`."""

    def on_stop(signum: int, frame: FrameType | None) -> None:
        if _state["stopping"]:  # a second signal: stop now
            _hand_over(previous, signum, frame)
            return
        _state["stopping"] = True
        channel_layer.drain()
        quick_exit.deadline(EXIT_DEADLINE, log)
        loop.call_soon_threadsafe(lambda: loop.create_task(_goodbye(previous, signum, frame)))

    return on_stop


async def _goodbye(previous: Any, signum: int, frame: FrameType | None) -> None:
    loop = asyncio.get_running_loop()
    started = loop.time()
    sockets = list(_open)
    name = signal.Signals(signum).name
    log.info("%s: closing %d sockets before stopping", name, len(sockets))
    # Its key and presence rows go at once, beside the closes: the other servers stop
    # counting its sockets, the other players see the seats disconnected.
    cleanup = loop.create_task(_off_the_pools(_forget_process, CLEANUP_GRACE))
    for consumer in sockets:
        try:
            await consumer.close(CLOSE_RESTART)
        except Exception:
            log.exception("could not close %s", getattr(consumer, "channel_name", consumer))
    deadline = loop.time() + SHUTDOWN_GRACE
    while len(_open) and loop.time() < deadline:
        await asyncio.sleep(0.05)
    if len(_open):
        log.warning("%s: %d sockets still closing after %s s; stopping", name, len(_open),
                    SHUTDOWN_GRACE)  # fmt: skip
    closed = loop.time() - started
    dropped = await cleanup
    _cancel_queued_work(loop)
    quick_exit.after_reactor()  # no interpreter teardown once Twisted has stopped
    log.info("%s: %d sockets closed in %.1f s, %s presence rows dropped (None: not "
             "within %s s), in %.1f s in all; stopping", name, len(sockets), closed, dropped,
             CLEANUP_GRACE, loop.time() - started)  # fmt: skip
    _hand_over(previous, signum, frame)


async def refused_while_stopping(receive: Any, send: Any) -> bool:
    """Before everything else of a socket (whistsite/socket_entry.py): while the server says
    goodbye, a new handshake is accepted and closed with 4012 at once, before the session, the
    user, the channel layer or the socket counts are touched (the pages that reconnect at once
    kept a stopping server busy with full handshakes). Whether it was."""
    if not stopping():
        return False
    message = await receive()
    if message.get("type") == "websocket.connect":
        metrics.HANDSHAKES_REFUSED.labels(code=str(CLOSE_RESTART)).inc()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": CLOSE_RESTART})
    return True


def stopping() -> bool:
    """Whether this process is saying goodbye (its sockets' disconnects skip the database)."""
    return bool(_state["stopping"])


def _forget_process() -> int:
    """Everything the process still counts: its key, then its presence rows."""
    from games.services import presence_drop_process

    process = processes.current()
    processes.stop()
    return presence_drop_process(process)


async def _off_the_pools(fn: Any, seconds: float) -> Any:
    """Run `fn` in a thread of its own (the pools may be full of queued work), for at most
    `seconds`; None if it failed or took longer."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = fn()
        except Exception:
            log.exception("SIGTERM: %s failed", getattr(fn, "__name__", fn))

    thread = threading.Thread(target=run, daemon=True, name="whist-goodbye")
    thread.start()
    deadline = asyncio.get_running_loop().time() + seconds
    while thread.is_alive() and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    return result.get("value")


def _cancel_queued_work(loop: asyncio.AbstractEventLoop) -> None:
    """Drop the work queued in the thread pools (the site's database threads, asgiref's) and
    the embedded lanes (their running items finish): at exit Python would otherwise run
    every queued item, one disconnect's database work after another."""
    from runtime.scheduling import stop_lanes

    stop_lanes(wait=0)
    db_pool.cancel_queued()  # its threads still take the later disconnects' work
    for executor in queued_work_executors(loop):
        cancel_queued(executor)  # not shut down: later disconnects still hop there


def _hand_over(previous: Any, signum: int, frame: FrameType | None) -> None:
    """Let the server stop as it would have: its own handler, else the default action."""
    if callable(previous):
        previous(signum, frame)
    else:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
