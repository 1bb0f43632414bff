"""The sockets' heartbeat: one loop per event loop, not a task per socket.

A logged-in user's table socket (its presence: games/services/presence.py) beats every
WHIST_PRESENCE_BEAT seconds while open, counted from when it started beating, so a server's
beats stay spread over the period as its sockets opened; a lobby socket does not beat (its
count needs none: games/sockets/limits.py). Each beat runs in a short task of its own (a slow
database does not hold up the next socket's). A sleeping task per socket held its task,
coroutine and timer for as long as the socket was open (about 1.3 KB by a
tracemalloc breakdown; within the noise of the load bench's memory figure). A socket leaves
when its consumer ends, whatever ends it (games/sockets/frames.py).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import weakref
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)
NAME = "whist-heartbeat"


class _Beats:
    """One event loop's beating sockets, the next beat of each in a heap."""

    def __init__(self) -> None:
        self.members: set[Any] = set()
        self.running: set[Any] = set()
        self.due: list[tuple[float, int, Any]] = []
        self.order = itertools.count()
        self.task: asyncio.Task | None = None
        self.wake = asyncio.Event()

    def add(self, consumer: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.members.add(consumer)
        self._push(consumer, loop.time() + settings.WHIST_PRESENCE_BEAT)
        self.wake.set()
        if self.task is None or self.task.done():
            self.task = loop.create_task(self.run(), name=NAME)

    def _push(self, consumer: Any, when: float) -> None:
        heapq.heappush(self.due, (when, next(self.order), consumer))

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.members:
            when, _, consumer = self.due[0]
            if consumer not in self.members:
                heapq.heappop(self.due)
                continue
            if when > loop.time():
                self.wake.clear()
                try:  # until the first beat is due, or a socket starts beating
                    await asyncio.wait_for(self.wake.wait(), when - loop.time())
                except TimeoutError:
                    pass
                continue
            heapq.heappop(self.due)
            self._push(consumer, when + settings.WHIST_PRESENCE_BEAT)
            if consumer not in self.running:
                self.running.add(consumer)
                loop.create_task(self._beat(consumer), name=f"{NAME} {consumer.channel_name}")
        self.due.clear()

    async def _beat(self, consumer: Any) -> None:
        try:
            await consumer.beat()
        except Exception:  # a database or cache hiccup: the next beat tries again
            log.exception("heartbeat of %s failed", consumer.channel_name)
        finally:
            self.running.discard(consumer)


_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Beats] = weakref.WeakKeyDictionary()


def start(consumer: Any) -> None:
    """`consumer` beats from now on, while it is open (its `beat()` coroutine)."""
    loop = asyncio.get_running_loop()
    beats = _loops.get(loop)
    if beats is None:
        beats = _loops[loop] = _Beats()
    beats.add(consumer, loop)


def stop(consumer: Any) -> None:
    """`consumer` beats no more."""
    for beats in list(_loops.values()):
        beats.members.discard(consumer)


def beating() -> int:
    """How many sockets of the running event loop beat."""
    beats = _loops.get(asyncio.get_running_loop())
    return len(beats.members) if beats is not None else 0
