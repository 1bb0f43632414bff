"""Table sockets' heartbeats reach the database together: a socket's beat waits up to WAIT
seconds for the other sockets of its process that beat meanwhile, and their presence rows
are refreshed in one statement (games/services/presence.py `seats_heartbeat`): one thread
hop and one commit for them all, where each beat was one of each (at 800 open sockets, 27 a
second beside 100 moves a second under bench/load.py). A beat is still due every
WHIST_PRESENCE_BEAT seconds per socket (games/sockets/heartbeats.py); its row is at most
WAIT seconds (and at most a tenth of the beat's period) later than it was, far within
WHIST_PRESENCE_STALE."""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from django.conf import settings

from games import services
from games.sockets.threads import db_call

WAIT = 1.0  # seconds


class _Batch:
    """The beats waiting in one event loop, and what they wait for."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.beats: list[tuple[int, Any, str]] = []
        self.done: asyncio.Future = loop.create_future()
        self.task = loop.create_task(self._flush(loop))

    async def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        await asyncio.sleep(min(WAIT, settings.WHIST_PRESENCE_BEAT / 10))
        if _pending.get(loop) is self:
            del _pending[loop]
        try:
            await db_call(services.seats_heartbeat)(self.beats)
        except Exception as exc:
            self.done.set_exception(exc)
        else:
            self.done.set_result(None)


_pending: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Batch] = weakref.WeakKeyDictionary()


async def beat(table_id: int, user: Any, channel: str) -> None:
    """Socket `channel` of `user` at table `table_id` is still open: counted with the other
    beats of this loop within WAIT seconds; a failure is each of their failures."""
    loop = asyncio.get_running_loop()
    batch = _pending.get(loop)
    if batch is None:
        batch = _pending[loop] = _Batch(loop)
    batch.beats.append((table_id, user, channel))
    await asyncio.shield(batch.done)
