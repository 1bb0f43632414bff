"""Where a process's tail comes from, counted in a window: the collector's pauses, the event
loop's lag and the thread pools' queue waits (bench/load.py --probe; bench/probed_daphne.py).

- The collector: every collection timed by `gc.callbacks`, per generation: how many, their
  seconds in all, the longest, and a histogram of their durations.
- The loop's lag: a task that sleeps 5 ms, and by how much it overslept (the loop ran other
  callbacks, or waited for the GIL, or for a core), as a histogram.
- The thread pools: each `ThreadPoolExecutor` item, how long it waited in its pool's queue
  before a thread took it, and how long it ran; per pool (named by its thread prefix and size).
- In a Daphne of the site: each move from its act frame's arrival to its new state published
  to the table's group (what runtime/metrics.py's ACT_TO_BROADCAST observes).

`Probe.reset()` starts a window; `Probe.figures()` is the window's, as a dict for JSON.
Never used by the site.
"""

from __future__ import annotations

import asyncio
import gc
import json
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

EDGES_MS = (1, 2, 5, 10, 20, 50, 100, 200, 500)  # a histogram's bucket i: under EDGES_MS[i]
TICK = 0.005  # the lag task's sleep, seconds


class Histogram:
    """Counts of durations by EDGES_MS (the last bucket: 500 ms and over), their sum and max."""

    def __init__(self) -> None:
        self.counts, self.total, self.longest = [0] * (len(EDGES_MS) + 1), 0.0, 0.0

    def add(self, seconds: float) -> None:
        ms = seconds * 1000
        index = next((i for i, edge in enumerate(EDGES_MS) if ms < edge), len(EDGES_MS))
        self.counts[index] += 1
        self.total += seconds
        self.longest = max(self.longest, seconds)

    def over(self, ms: float) -> int:
        """How many took `ms` or more (`ms` one of EDGES_MS)."""
        return sum(self.counts[EDGES_MS.index(int(ms)) + 1 :])

    def figures(self) -> dict[str, Any]:
        return {"counts": list(self.counts), "total": self.total, "longest": self.longest}


class Probe:
    """The three probes of one process; `install()` once, on its serving loop's thread."""

    def __init__(self) -> None:
        self.gc = [Histogram() for _ in range(3)]
        self.gc_cpu = [Histogram() for _ in range(3)]  # the collector's thread's CPU time
        self.gc_freed = [0, 0, 0]  # objects each generation's collections found garbage
        self.lag = Histogram()
        self.pools: dict[str, tuple[Histogram, Histogram]] = {}  # name: (queue wait, run)
        self.published = Histogram()  # act frame -> state published (a site's Daphne)
        self.started = time.perf_counter()
        self._gc_start = self._gc_cpu = 0.0

    def reset(self) -> None:
        self.__init__()  # type: ignore[misc]

    def install(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        gc.callbacks.append(self._on_gc)
        self._wrap_pools()
        if loop is not None:
            loop.call_soon_threadsafe(lambda: loop.create_task(self._lag()))

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start, self._gc_cpu = time.perf_counter(), time.thread_time()
        else:
            self.gc[info["generation"]].add(time.perf_counter() - self._gc_start)
            self.gc_cpu[info["generation"]].add(time.thread_time() - self._gc_cpu)
            self.gc_freed[info["generation"]] += info["collected"]

    async def _lag(self) -> None:
        metrics = sys.modules.get("runtime.metrics")  # the site is loaded once it serves
        if metrics is not None:
            done, probe = metrics.broadcast_done, self

            def timed_done(started: float | None) -> None:
                if started is not None:
                    probe.published.add(time.perf_counter() - started)
                done(started)

            metrics.broadcast_done = timed_done
        while True:
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            self.lag.add(max(0.0, time.perf_counter() - start - TICK))

    def _wrap_pools(self) -> None:
        submit, probe = ThreadPoolExecutor.submit, self

        def timed_submit(pool: ThreadPoolExecutor, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            name = f"{pool._thread_name_prefix or 'pool'}/{pool._max_workers}"
            queued = time.perf_counter()

            def timed(*args: Any, **kwargs: Any) -> Any:
                wait, run = probe.pools.setdefault(name, (Histogram(), Histogram()))
                start = time.perf_counter()
                wait.add(start - queued)
                try:
                    return fn(*args, **kwargs)
                finally:
                    run.add(time.perf_counter() - start)

            return submit(pool, timed, *args, **kwargs)

        ThreadPoolExecutor.submit = timed_submit  # type: ignore[method-assign]

    def figures(self) -> dict[str, Any]:
        return {
            "seconds": time.perf_counter() - self.started,
            "gc": [h.figures() for h in self.gc],
            "gc_cpu": [h.figures() for h in self.gc_cpu],
            "gc_freed": list(self.gc_freed),
            "gc_objects": len(gc.get_objects()),
            "gc_frozen": gc.get_freeze_count(),
            "lag": self.lag.figures(),
            "published": self.published.figures(),
            "pools": {n: (w.figures(), r.figures()) for n, (w, r) in self.pools.items()},
        }


def loaded(figures: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """A process's figures as Histograms again: (seconds, {'gc': [...], 'lag': ..., ...})."""

    def histogram(data: dict[str, Any]) -> Histogram:
        made = Histogram()
        made.counts, made.total, made.longest = data["counts"], data["total"], data["longest"]
        return made

    return figures["seconds"], {
        "gc": [histogram(g) for g in figures["gc"]],
        "gc_cpu": [histogram(g) for g in figures["gc_cpu"]],
        "lag": histogram(figures["lag"]),
        "published": histogram(figures["published"]),
        "pools": {n: (histogram(w), histogram(r)) for n, (w, r) in figures["pools"].items()},
        "objects": figures["gc_objects"],
        "frozen": figures["gc_frozen"],
    }


def lines(label: str, figures: dict[str, Any]) -> list[str]:
    """What a process's window says, a few lines: pauses over 20 ms are counted per minute."""
    seconds, f = loaded(figures)
    per_minute = 60.0 / max(seconds, 1e-9)
    gens = f["gc"]
    pauses = sum(h.over(20) for h in gens) * per_minute
    lag = f["lag"]
    each = "; ".join(
        f"gen{n} {sum(wall.counts) * per_minute:.0f}/"
        f"{cpu.total / max(sum(cpu.counts), 1) * 1000:.1f}/{wall.longest * 1000:.0f}/"
        f"{freed / max(sum(cpu.counts), 1):.0f}"
        for n, (wall, cpu, freed) in enumerate(
            zip(gens, f["gc_cpu"], figures.get("gc_freed", [0] * 3), strict=True)
        )
    )
    full = figures.get("full_collection")  # bench/probed_daphne.py's, after the window
    full = f"; a full collection after the window {full * 1000:.0f} ms CPU" if full else ""
    in_gc = sum(h.total for h in f["gc_cpu"])
    out = [
        f"{label}: gc per minute / mean CPU ms / longest ms / mean garbage found: {each}; "
        f"pauses >= 20 ms per minute {pauses:.1f}; gc CPU {100 * in_gc / seconds:.1f}% of the "
        f"window; {f['objects']:,} objects tracked, {f['frozen']:,} frozen{full}",
        f"{label}: loop lag over a {TICK * 1000:.0f} ms sleep, ticks by bucket <"
        f"{'/<'.join(str(e) for e in EDGES_MS)}/more ms: {'/'.join(map(str, lag.counts))}; "
        f">= 20 ms per minute {lag.over(20) * per_minute:.1f}, longest {lag.longest * 1000:.0f} ms",
    ]
    published = f["published"]
    if sum(published.counts):
        out.append(
            f"{label}: act -> published by bucket {'/'.join(map(str, published.counts))}; >= 20 "
            f"ms {published.over(20)}, >= 50 ms {published.over(50)}, longest "
            f"{published.longest * 1000:.0f} ms"
        )
    for name, (wait, run) in sorted(f["pools"].items()):
        items = sum(wait.counts)
        if items >= seconds:  # pools that ran an item a second or more
            out.append(
                f"{label}: pool {name}: {items / seconds:.0f} items/s, queue wait by bucket "
                f"{'/'.join(map(str, wait.counts))}, mean {wait.total / items * 1000:.2f} ms, "
                f"longest {wait.longest * 1000:.0f} ms; run mean {run.total / items * 1000:.2f}"
                f" ms, longest {run.longest * 1000:.0f} ms"
            )
    return out


def open_window(daphnes: list[Any], clients: Probe) -> None:
    """Start a window in each probed Daphne (psutil processes) and in the clients' probe."""
    for process in daphnes:
        process.send_signal(signal.SIGUSR1)
    clients.reset()


def close_window(daphnes: list[Any], folder: Path, clients: Probe) -> None:
    """Print each Daphne's window and the clients' (the bench's own process)."""
    clients_figures = clients.figures()
    for process in daphnes:
        process.send_signal(signal.SIGUSR2)
    for i, process in enumerate(daphnes):
        target = folder / f"probe-{process.pid}.json"
        for _ in range(100):
            if target.exists():
                break
            time.sleep(0.05)
        else:
            print(f"daphne {i}: no probe figures in {target}")
            continue
        print("\n".join(lines(f"daphne {i}", json.loads(target.read_text()))))
    print("\n".join(lines("clients", clients_figures)))
