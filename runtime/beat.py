"""Celery beat on every app host, its schedule sent once per period for the whole site.

Each tick of the scheduler notes the time in the shared cache under its host's name (its
pulse), so a supervisor can tell a beat that ticks from one that hangs (`manage.py ready
beat`, on the beat's host: another host's beat ticking says nothing of this one's).

Each entry due is sent only by the first beat of the site to claim it within SHARE of its
period: a key in the shared Redis, set only if absent and expiring after that time (one
command per entry and tick). So every app host may run a beat (docs/deployment.md, "Beat on
every app host"): the watchdog's sweep runs once per period, not once per beat, and a cut
host's beat is missed by nobody (the next beat's tick claims the next period, within one
more period). A cache that cannot answer claims nothing: the entry is sent (a sweep twice
is safe, each table re-checked under its lock; a sweep never is a stalled site).
"""

from __future__ import annotations

import logging
import socket
import time
from typing import Any

from celery.beat import PersistentScheduler

log = logging.getLogger(__name__)
PULSE_KEY = "whist:beat:pulse:"  # + the host's name
SENT_KEY = "whist:beat:sent:"  # + the entry's name
SHARE = 0.8  # of an entry's period, claimed by the beat that sends it
UNTIMED = 30.0  # seconds claimed of an entry with no fixed period (a crontab's)


class PulsingScheduler(PersistentScheduler):
    """Celery's default scheduler (settings.CELERY_BEAT_SCHEDULER), noting each tick and
    sending an entry only if no other beat of the site sent it just before."""

    def tick(self, *args: Any, **kwargs: Any) -> float:
        pulse()
        return super().tick(*args, **kwargs)

    def apply_entry(self, entry: Any, producer: Any = None) -> None:
        every = getattr(entry.schedule, "run_every", None)
        seconds = every.total_seconds() if every is not None else UNTIMED
        if claim(entry.name, seconds * SHARE):
            super().apply_entry(entry, producer=producer)
        else:
            log.debug("beat: %s was sent by another beat this period", entry.name)


def claim(name: str, seconds: float) -> bool:
    """Whether this beat sends the entry `name` now: True for the first to ask within
    `seconds` (then no other until they have passed), and when the cache cannot answer. The
    key holds when it was claimed (seconds since the epoch)."""
    from runtime.process_cache import cache

    key = SENT_KEY + name
    try:
        backend = getattr(cache, "_cache", None)
        if backend is None or not hasattr(backend, "get_client"):  # one process's memory
            return bool(cache.add(key, time.time(), timeout=max(1, round(seconds))))
        client = backend.get_client(write=True)
        stored = cache.make_and_validate_key(key)
        return bool(client.set(stored, time.time(), nx=True, px=max(1, int(seconds * 1000))))
    except Exception:  # noqa: BLE001 - sent by every beat rather than by none
        log.warning("beat: could not claim %s in the cache; sent anyway", name, exc_info=True)
        return True


def pulse() -> None:
    """Note a tick of this host's beat."""
    from runtime.process_cache import cache

    try:
        cache.set(PULSE_KEY + socket.gethostname(), time.time(), timeout=3600)
    except Exception:  # noqa: BLE001 - Redis away: the pulse stops, which is the signal
        pass


def pulse_age() -> float | None:
    """Seconds since the last tick of this host's beat, None if it never ticked (or the note
    expired)."""
    from runtime.process_cache import cache

    noted = cache.get(PULSE_KEY + socket.gethostname())
    return None if noted is None else max(0.0, time.time() - float(noted))
