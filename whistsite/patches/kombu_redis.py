"""A guard for kombu's Redis transport: a worker holding countdown tasks survives a Redis
restart.

Every human turn queues a turn timeout with a countdown, so a worker always holds
unacknowledged countdown tasks. When Redis goes away, Celery closes the broker connection
and kombu's channel tries to put those tasks back (`restore_unacked`) through a transport
whose client is already gone: `_connparams` then fails with AttributeError ("'NoneType'
object has no attribute 'hostname'", kombu 5.7), which escapes the connection-error handling
and stops the worker ("Unrecoverable error"). Redis keeps nothing here anyway (no
persistence), and the watchdog re-queues every overdue turn from the database, so the right
answer is the connection error kombu already handles: raise that instead.
tests/faults/test_faults.py restarts Redis under a worker that holds such tasks.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

PINNED = {("kombu.transport.redis", "Channel._connparams"): "d4e5bd6168ed7c92"}  # wrapped

_connparams = kombu_redis.Channel._connparams


def _guarded_connparams(self: Any, asynchronous: bool = False) -> dict[str, Any]:
    if self.connection.client is None:
        raise RedisConnectionError("the broker connection is closed")
    return _connparams(self, asynchronous)


def install() -> None:
    """Guard kombu's Redis channel (idempotent)."""
    kombu_redis.Channel._connparams = _guarded_connparams  # type: ignore[method-assign]
