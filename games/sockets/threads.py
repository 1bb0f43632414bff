"""Where sockets' blocking work runs: the event loop's thread pool (docs/stack-notes.md §2.8)."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings


def db_call(fn: Any) -> Any:
    """`fn` (ORM code) as a coroutine function. On PostgreSQL in any thread of the loop's
    pool, each with its own persistent connection, so a table waiting for its row lock or a
    slow query holds up no other table; with SQLite in the one thread (docs/stack-notes.md §2.8)."""
    return database_sync_to_async(fn, thread_sensitive=not settings.WHIST_DB_THREADS)


def counts(fn: Any) -> Any:
    """`fn` of games/sockets/limits.py as a coroutine function, in any thread of the pool."""
    return sync_to_async(fn, thread_sensitive=False)
