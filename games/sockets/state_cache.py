"""A table's current state messages, shared by every socket of this process that asks.

Each change reaches the process as one `table.state` event carrying every receiver's
message, encoded once (games/broadcast.py `state_event`); the newest event of each table is
kept here, so a `resync` (or a new socket) is answered with the text already made, and a
state is built from the database only when the process holds none as new as needed: once,
however many sockets ask at the same moment (docs/protocol.md, "resync").

A state built here that is newer than the newest this process heard of a table it listens
to (a socket of it here has had its first state) means a publish never came: the process
that committed that version died between its commit and its publish (a cut host), or the
channel layer lost it. Its sockets here, and those of other processes, hold an older
version, and no later change may come to mend it (the seat to act waits on a state it never
gets, and its turn never passes). So the state built is published to the table's group
again; a socket that has it already drops it (games/sockets/table_states.py). A cut host's
players reconnect elsewhere, and their first states are such builds.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, OrderedDict
from functools import partial
from typing import Any

from games import broadcast, gamestate
from games import held as held_tables
from games.reads import queries
from games.sockets.threads import db_call

KEPT = 1024  # tables; an event is a few KB (every seat's message)
FIELDS = ("table_id", "version", "game_version", "to_act", "resigned", "private",
          "spectator", "seated")  # fmt: skip

log = logging.getLogger(__name__)
# States built from the database in this process (tests, bench); `behind`: of them, those
# newer than what the process had heard of a table it listens to, published again.
builds: Counter = Counter()
_latest: OrderedDict[int, dict[str, Any]] = OrderedDict()
_building: dict[int, asyncio.Future] = {}
_listening: Counter[int] = Counter()  # sockets of each table here that had their first state
_publishing: set[asyncio.Task] = set()


def listen(table_id: int) -> None:
    """A socket of the table in this process had its first state (from here on the table's
    publishes reach it, and what this process holds of the table is what it holds)."""
    _listening[table_id] += 1


def unlisten(table_id: int) -> None:
    """A socket of the table left."""
    _listening[table_id] -= 1
    if _listening[table_id] <= 0:
        del _listening[table_id]


def heard() -> dict[int, int]:
    """The newest version this process heard of each table a socket here listens to (what
    games/sockets/lost_publishes.py compares with the database)."""
    return {t: _latest[t]["version"] for t in _listening if t in _latest}


def remember(event: dict[str, Any]) -> None:
    """Keep `event` if it is the newest of its table seen here (a copy of its fields: the
    socket's dispatcher empties the message it was handed), and apply its move to what this
    process holds of the table (its game state, its rows): once, by the first of the
    table's sockets here to hear it."""
    table_id = event["table_id"]
    held = _latest.get(table_id)
    if held is None or event["version"] > held["version"]:
        move = event.get("move")
        if move is not None:
            gamestate.advance(table_id, move)
            held_tables.advance(table_id, move)
        _latest[table_id] = {k: event.get(k) for k in FIELDS}
    _latest.move_to_end(table_id)
    while len(_latest) > KEPT:
        _latest.popitem(last=False)


async def current(table_id: int, at_least: int = -1, fresh: bool = False) -> dict[str, Any] | None:
    """The table's newest event held here if its version is `at_least`, else one built from
    the database, shared by every socket asking while it is built; `fresh`: built now, for
    this caller (after a change it made, or a channel layer that lost messages). None if
    the table no longer exists."""
    held = _latest.get(table_id)
    if held is not None and not fresh and held["version"] >= at_least:
        return held
    if fresh:  # read after the caller's own change: a build already under way may predate it
        event = await db_call(_build)(table_id)
        if event is not None:  # its publish is under way (the caller's change): not mended
            remember(event)
        return event
    for _ in range(2):  # a build begun before `at_least` committed: one more, as shared
        task = _building.get(table_id)
        if task is None:
            task = asyncio.ensure_future(db_call(_build)(table_id))
            _building[table_id] = task
            task.add_done_callback(partial(_built, table_id))
        event = await asyncio.shield(task)
        if event is None:
            return None
        held = _latest.get(table_id, event)
        if held["version"] >= at_least:
            break
    return held


def _build(table_id: int) -> dict[str, Any] | None:
    builds["state"] += 1
    found = queries.table_with_seats(table_id)
    if found is None:
        return None
    held_tables.hold(*found)  # a move's check (games/services/move_cas.py)
    return broadcast.state_event(*found)


def _built(table_id: int, task: asyncio.Future) -> None:
    _building.pop(table_id, None)
    if not task.cancelled() and task.exception() is None and task.result() is not None:
        _found(task.result())


def _found(event: dict[str, Any]) -> None:
    """A state built from the database: kept, and published again if it is newer than what
    this process heard of a table it listens to (a publish that never came)."""
    table_id = event["table_id"]
    held = _latest.get(table_id)
    behind = held is not None and _listening[table_id] > 0 and event["version"] > held["version"]
    remember(event)
    if not behind:
        return
    builds["behind"] += 1
    assert held is not None
    log.info("table %s: version %s read, this process had heard of %s only: published again",
             table_id, event["version"], held["version"])  # fmt: skip
    message = {**event, "move": None}  # the move's number is unknown here: nothing to advance
    task = asyncio.get_running_loop().create_task(broadcast.publish(
        broadcast.table_group(table_id), message))  # fmt: skip
    _publishing.add(task)
    task.add_done_callback(_publishing.discard)


def for_user(event: dict[str, Any], user_id: int | None) -> tuple[int | None, str]:
    """(seat, message text) a socket of `user_id` gets of `event`: the seat view if the
    user sits at the table, else the spectator's."""
    for seated_user, index, text in event["seated"]:
        if seated_user == user_id:
            return index, text
    return None, event["spectator"]


def clear() -> None:
    _latest.clear()
