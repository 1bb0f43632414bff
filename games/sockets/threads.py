"""Where sockets' blocking work runs: on PostgreSQL the site's database threads
(games/sockets/db_pool.py), with SQLite asgiref's one thread; the socket counts in the event
loop's thread pool (docs/stack-notes.md §2.8)."""

from __future__ import annotations

from types import FunctionType
from typing import Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings

from games.sockets.db_pool import run_in_pool

# A plain function's coroutine function, made once (`db_call`): asgiref's SyncToAsync looked its
# function over as it was made (whether it is a coroutine function, its name and docstring
# copied), which every act frame did again: 4% of a loaded Daphne's event loop thread.
_made: dict[tuple[FunctionType, bool], Any] = {}


def db_call(fn: Any) -> Any:
    """`fn` (ORM code) as a coroutine function. On PostgreSQL in any thread of the site's
    database pool (games/sockets/db_pool.py), each with its own persistent connection, so a
    table waiting for its row lock or a slow query holds up no other table; with SQLite in
    asgiref's one thread, as Channels' `database_sync_to_async` runs it (docs/stack-notes.md §2.8).
    A module's function gets the same one each time; a bound method or a function made in
    a call (which would only fill the store) a new one."""
    thread_sensitive = not settings.WHIST_DB_THREADS
    if not isinstance(fn, FunctionType) or "<locals>" in fn.__qualname__:
        return _made_for(fn, thread_sensitive)
    made = _made.get((fn, thread_sensitive))
    if made is None:
        made = _made[fn, thread_sensitive] = _made_for(fn, thread_sensitive)
    return made


def _made_for(fn: Any, thread_sensitive: bool) -> Any:
    if thread_sensitive:
        return database_sync_to_async(fn, thread_sensitive=True)
    return run_in_pool(fn)


def counts(fn: Any) -> Any:
    """`fn` of games/sockets/limits.py as a coroutine function, in any thread of the pool."""
    return sync_to_async(fn, thread_sensitive=False)
