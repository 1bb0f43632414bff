"""Celery beat's pulse: each tick of its scheduler notes the time in the shared cache, so a
supervisor on any host can tell a beat that ticks from one that hangs (`manage.py ready beat`)."""

from __future__ import annotations

import time
from typing import Any

from celery.beat import PersistentScheduler

PULSE_KEY = "whist:beat:pulse"


class PulsingScheduler(PersistentScheduler):
    """Celery's default scheduler (settings.CELERY_BEAT_SCHEDULER), noting each tick."""

    def tick(self, *args: Any, **kwargs: Any) -> float:
        from runtime.process_cache import cache

        try:
            cache.set(PULSE_KEY, time.time(), timeout=3600)
        except Exception:  # noqa: BLE001 - Redis away: the pulse stops, which is the signal
            pass
        return super().tick(*args, **kwargs)


def pulse_age() -> float | None:
    """Seconds since beat's last tick, None if it never ticked (or the note expired)."""
    from runtime.process_cache import cache

    noted = cache.get(PULSE_KEY)
    return None if noted is None else max(0.0, time.time() - float(noted))
