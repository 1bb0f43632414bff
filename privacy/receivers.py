"""The hourly sweep of players' data rides on the card room's watchdog (beat's in
production, the server's own timer under `make run`): the first tick of each hour queues it."""

from __future__ import annotations

from runtime.process_cache import cache  # each tick runs in a context of its own
from runtime.scheduling import run_later

SWEEP_EVERY = 3600  # seconds


def sweep_hourly() -> int:
    if not cache.add("privacy-sweep", 1, SWEEP_EVERY):
        return 0
    run_later("privacy.tasks.sweep", ())
    return 0  # nothing overdue: routine work
