"""The watchdog's parts from the apps above the card room: each app with work that can be
lost (a task the broker dropped, a sweep due) names its function here as it starts (its
AppConfig.ready), and the watchdog (games.tasks.watchdog) calls each one and adds up how
many items they queued. A function, called: where it asked a signal and summed its
receivers' return values."""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

_parts: dict[str, Callable[[], int]] = {}


def watchdog_part(name: str, run: Callable[[], int]) -> None:
    """Call `run` on every watchdog tick; it returns how many items of overdue work it
    queued again (0 for routine work). Naming the same `name` again replaces it."""
    _parts[name] = run


def watchdog_parts_run() -> int:
    """Run every part; one part's failure is logged and the others still run."""
    queued = 0
    for name, run in list(_parts.items()):
        try:
            queued += run()
        except Exception:
            log.exception("watchdog part %s failed", name)
    return queued
