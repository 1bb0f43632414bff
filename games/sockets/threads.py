"""Where sockets' blocking work runs: the event loop's thread pool (docs/stack-notes.md §2.8)."""

from __future__ import annotations

from types import FunctionType
from typing import Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings

# A plain function's coroutine function, made once (`db_call`): asgiref's SyncToAsync looks its
# function over as it is made (whether it is a coroutine function, its name and docstring
# copied), which every act frame did again: 4% of a loaded Daphne's event loop thread.
_made: dict[tuple[FunctionType, bool], Any] = {}


def db_call(fn: Any) -> Any:
    """`fn` (ORM code) as a coroutine function. On PostgreSQL in any thread of the loop's
    pool, each with its own persistent connection, so a table waiting for its row lock or a
    slow query holds up no other table; with SQLite in the one thread (docs/stack-notes.md §2.8).
    A module's function gets the same one each time; a bound method or a function made in
    a call (which would only fill the store) a new one."""
    thread_sensitive = not settings.WHIST_DB_THREADS
    if not isinstance(fn, FunctionType) or "<locals>" in fn.__qualname__:
        return database_sync_to_async(fn, thread_sensitive=thread_sensitive)
    made = _made.get((fn, thread_sensitive))
    if made is None:
        made = _made[fn, thread_sensitive] = database_sync_to_async(
            fn, thread_sensitive=thread_sensitive
        )
    return made


def counts(fn: Any) -> Any:
    """`fn` of games/sockets/limits.py as a coroutine function, in any thread of the pool."""
    return sync_to_async(fn, thread_sensitive=False)
