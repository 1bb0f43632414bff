"""Django's default cache, one client per process, for code that runs under sockets.

`django.core.cache.cache` is kept per asyncio context (asgiref's `Local` follows the
context, not the thread), so every socket that touched it got a client of its own, with
its own connection pool and Redis connection, for as long as it stayed open: at 400
sockets one Daphne held 402 connections to Redis and about 11 KB per socket for them.
The socket counts (games/sockets/limits.py) and the ban check (accounts/selectors.py) use
this one instead, and so does work the embedded lanes run (runtime/scheduling.py), each
watchdog tick and task in a context of its own (privacy/receivers.py). A change of CACHES
(tests) makes a new client.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.core.signals import setting_changed


class ProcessCache:
    """Stands for the default cache; built on first use."""

    _client: Any = None

    def __getattr__(self, name: str) -> Any:
        if ProcessCache._client is None:
            ProcessCache._client = caches.create_connection("default")
        return getattr(ProcessCache._client, name)


def _forget(setting: str, **kwargs: Any) -> None:
    if setting == "CACHES":
        ProcessCache._client = None


setting_changed.connect(_forget)
cache = ProcessCache()
