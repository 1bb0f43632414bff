"""Daphne under tracemalloc, for bench/socket_memory.py: `python -m bench.traced_daphne <daphne
arguments>`. SIGUSR1 starts tracing (started at import, every allocation is slower and
Daphne took more than a minute to listen); each SIGUSR2 then writes a snapshot of what is
allocated (after a full collection) to WHIST_TRACE_DIR/snapshot-<n>.pickle, n counting from
1, and the count and shallow size of the live objects the collector tracks, by type, with the
traced bytes now and at their peak since the snapshot before (or the start), to
types-<n>.json; each file appears whole (written aside, then renamed). WHIST_TRACE_FRAMES:
the frames kept per allocation (default 16).

Never used by the site: tracemalloc makes every allocation slower and the process larger.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
import tracemalloc
from pathlib import Path
from typing import Any

_taken = {"count": 0}


def _start(signum: int, frame: Any) -> None:
    tracemalloc.start(int(os.environ.get("WHIST_TRACE_FRAMES", "16")))


def _dump(signum: int, frame: Any) -> None:
    folder = Path(os.environ["WHIST_TRACE_DIR"])
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    gc.collect()
    _taken["count"] += 1
    target = folder / f"snapshot-{_taken['count']}.pickle"
    aside = target.with_suffix(".part")
    tracemalloc.take_snapshot().dump(str(aside))
    aside.rename(target)
    types: dict[str, list[int]] = {}
    for obj in gc.get_objects():
        kind = type(obj)
        entry = types.setdefault(f"{kind.__module__}.{kind.__qualname__}", [0, 0])
        entry[0] += 1
        entry[1] += sys.getsizeof(obj, 0)
    target = folder / f"types-{_taken['count']}.json"
    aside = target.with_suffix(".part")
    aside.write_text(json.dumps({"types": types, "traced": current, "peak": peak}))
    aside.rename(target)


signal.signal(signal.SIGUSR1, _start)
signal.signal(signal.SIGUSR2, _dump)

if __name__ == "__main__":
    from daphne.cli import CommandLineInterface

    CommandLineInterface.entrypoint()
