"""Publishes lost at tables where no socket opens: each process looks for them every
WHIST_LOST_PUBLISH_EVERY seconds, in one statement for all its quiet tables.

A committed change is published to its table's group after the commit, by the process that
made it (games/broadcast.py). If that process dies between the two (a cut host: a bot's move
by its worker, a player's by its Daphne), the change is in the database and nowhere else. A
socket opening at the table mends it (games/sockets/state_cache.py), but where none opens
the seat to act never sees its turn, and its time limit plays for it.

So each process, while it has table sockets, looks at the versions in the database of the
tables it listens to that were quiet over a whole period (the version it heard of them
unchanged since its last look); one whose version is newer than the process heard, and
still is GRACE seconds later (a publish on its way arrives within milliseconds), is built
from the database, which publishes it again to the table's group (state_cache's mend). A
lost publish is mended within two periods and GRACE of its commit, and the state build
(4.5 s at the default 2 s: within the shortest time limit, 10 s).

Cost: one read by primary key of the quiet tables' versions per period and process,
whatever the number of sockets, and nothing more at a table whose publishes come
(docs/benchmarks.md, "lost publishes"). A page asking itself (a frame every few seconds from
each socket) would cost a read per socket.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import Counter

from django.conf import settings

from games.reads import queries
from games.sockets import state_cache
from games.sockets.threads import db_call

log = logging.getLogger(__name__)
NAME = "whist-lost-publishes"
GRACE = 0.5  # seconds a newer version read waits for its publish before it is mended

# `looks`: statements read; `mended`: tables whose state was published again.
counts: Counter[str] = Counter()


class _Looks:
    """One event loop's looks: the version heard of each table listened to at the last one."""

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}
        self.task: asyncio.Task | None = None


_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Looks] = weakref.WeakKeyDictionary()


def _of(loop: asyncio.AbstractEventLoop) -> _Looks:
    looks = _loops.get(loop)
    if looks is None:
        looks = _loops[loop] = _Looks()
    return looks


def watch() -> None:
    """A table socket here listens (state_cache.listen): the looks run while any does."""
    loop = asyncio.get_running_loop()
    looks = _of(loop)
    if looks.task is None or looks.task.done():
        looks.task = loop.create_task(_run(looks), name=NAME)


async def _run(looks: _Looks) -> None:
    while state_cache.heard():
        await asyncio.sleep(settings.WHIST_LOST_PUBLISH_EVERY)
        try:
            await look(looks)
        except Exception:  # a database hiccup: the next look tries again
            log.exception("the look for lost publishes failed")
    looks.seen.clear()


async def look(looks: _Looks | None = None) -> int:
    """One look (the loop's, if not given): how many tables' states it published again."""
    if looks is None:
        looks = _of(asyncio.get_running_loop())
    heard = state_cache.heard()
    quiet = {table_id: v for table_id, v in heard.items() if looks.seen.get(table_id) == v}
    looks.seen = heard
    if not quiet:
        return 0
    counts["looks"] += 1
    stored = await db_call(queries.table_versions)(list(quiet))
    behind = {table_id: v for table_id, v in stored.items() if v > quiet[table_id]}
    if not behind:
        return 0
    await asyncio.sleep(GRACE)
    mended = 0
    for table_id, version in behind.items():
        now = state_cache.heard().get(table_id)
        if now is None or now >= version:  # left, or its publish came after all
            continue
        await state_cache.current(table_id, at_least=version)  # built, published again
        mended += 1
    counts["mended"] += mended
    return mended
