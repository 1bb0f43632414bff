"""The cycle collector of a serving process: what the site's imports made is frozen, so that a
full collection walks only what the process made since.

A full collection walks every object the collector tracks: in a Daphne process of the site
the imports alone leave about 140,000 (modules, classes, functions, settings, URL patterns,
translations), and a walk over them took 80-90 ms of CPU (docs/benchmarks.md, "the capacity
step's tail"), time in which the process's event loop moves no socket: every move of the
process's tables waits for it. They live as long as the process, so walking them finds
nothing. `settle()`, once the site is loaded, collects what is garbage already and moves the
rest to the permanent generation (`gc.freeze()`); the collector's thresholds stay Python's,
so cycles made later are collected as before. WHIST_GC_FREEZE=false leaves it all as it is.
"""

from __future__ import annotations

import gc

from django.conf import settings


def settle() -> None:
    """Collect, then freeze every object alive now (see above); once, after the imports."""
    if settings.WHIST_GC_FREEZE:
        gc.collect()
        gc.freeze()
