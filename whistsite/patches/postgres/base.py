"""The DatabaseWrapper of whistsite/patches/postgres/__init__.py."""

from __future__ import annotations

import time

from django.db.backends.postgresql import base

HEALTH_IDLE = 1.0  # seconds a connection may have sat unused and still go unchecked


class DatabaseWrapper(base.DatabaseWrapper):
    _last_cycle = 0.0  # when the last request cycle began or ended (time.monotonic)
    _idle = float("inf")  # seconds the connection sat unused before the current cycle

    def close_if_unusable_or_obsolete(self) -> None:
        """Called at the start and end of each request cycle (and so of each socket's
        database call): how long the connection sat unused before this one began."""
        now = time.monotonic()
        self._idle, self._last_cycle = now - self._last_cycle, now
        super().close_if_unusable_or_obsolete()

    def close_if_health_check_failed(self) -> None:
        if self._idle < HEALTH_IDLE and self.connection is not None:
            self.health_check_done = True  # used a moment ago
        super().close_if_health_check_failed()
