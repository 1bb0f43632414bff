"""bench/load.py `--storm`: every socket opens at once, as after a restart, and play starts.

The tables are made first (all of them, started, no socket open); then every seat's socket
opens in the same instant, from its table's household address, and each player plays as soon
as its seat's view says so. Printed, never asserted, counted from the first connect: the
seconds until every socket held its first state; the p99 of the moves that ended before
then (during the storm); the p99 per second after it; the seconds until moves were back,
i.e. from when on every 2-second window's p99 stayed under BACK_MS; the version gaps
seen from each socket's first frame (bench/load_clients.py); and the handshakes that failed
(refused with HTTP 403 or dropped), each tried again as the page does.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from typing import Any

from load_clients import Player, Stats, TableClock

BACK_MS = 100.0  # a window's p99 under this: moves are back
WINDOW = 2.0  # seconds per window


async def storm(args: argparse.Namespace, ports: list[int], room: Any, stats: Stats,
                household: Any) -> dict[str, Any]:  # fmt: skip
    """Make the tables, open every socket at once, play `args.seconds`; the storm's figures."""
    rng = random.Random(1)
    made = []
    for start in range(0, args.tables, 20):  # twenty tables at a time, in threads
        batch = range(start, min(start + 20, args.tables))
        made += await asyncio.gather(*(asyncio.to_thread(room.table) for _ in batch))
    players, clocks = [], []
    for index, (table_id, seats) in enumerate(made):
        clock = TableClock(len(seats), stats, attacked=False)
        clocks.append(clock)
        for seat, cookie in seats:
            port = ports[(index + seat) % len(ports)]
            url = f"ws://127.0.0.1:{port}/ws/table/{table_id}/{room.query(seat)}"
            players.append(Player(url, cookie, seat, clock, args.think, rng, household(index)))
    stats.measuring = True
    began = time.perf_counter()
    readies = [asyncio.Event() for _ in players]
    tasks = [asyncio.create_task(p.run(r)) for p, r in zip(players, readies, strict=True)]
    while time.perf_counter() - began < args.seconds:
        await asyncio.sleep(0.5)
        for clock in clocks:
            clock.check_lost()
    stats.measuring = False
    for task in tasks:
        task.cancel()
    opened = [p.opened_at for p in players]
    return {"began": began, "sockets": len(players),
            "open": sum(o is not None for o in opened),
            "all_open": max(opened) - began if all(o is not None for o in opened) else None,
            "elapsed": time.perf_counter() - began}  # fmt: skip


def report_storm(stats: Stats, run: dict[str, Any]) -> None:
    from load_report import ms

    from games.engine.arena import percentile

    began, all_open = run["began"], run["all_open"]
    done = sorted(zip(stats.done_at, stats.latencies, strict=True))
    opened = f"{all_open:.1f} s" if all_open is not None else "never within the run"
    print(f"\nstorm: {run['sockets']} sockets opened at once; {run['open']} held a state by the "
          f"end; every one of them after {opened}")  # fmt: skip
    if all_open is not None:
        during = [lat for at, lat in done if at - began <= all_open]
        print(f"  moves during the storm (until every socket was open): {len(during)}, p50 "
              f"{ms(during, 0.5)}, p99 {ms(during, 0.99)} ms")  # fmt: skip
    windows: list[tuple[float, list[float]]] = []
    edge = 0.0
    while edge < run["elapsed"]:
        inside = [lat for at, lat in done if edge <= at - began < edge + WINDOW]
        windows.append((edge, inside))
        edge += WINDOW
    back = None
    for i, (edge, _) in enumerate(windows):
        later = [w for _, w in windows[i:] if w]
        if later and all(1000 * percentile(w, 0.99) < BACK_MS for w in later):
            back = edge
            break
    text = ", ".join(f"{e:.0f}s:{ms(w, 0.99)}" for e, w in windows if w)
    print(f"  p99 per {WINDOW:g} s window from the first connect (ms): {text}")
    print(
        f"  moves back under {BACK_MS:.0f} ms p99 (every later window): "
        + (f"{back:.0f} s after the first connect" if back is not None else "never in the run")
    )
    print(f"  version gaps seen from each socket's first frame: {stats.gaps}")
    # A refused handshake (HTTP 403: Daphne's connect timeout) or a dropped one, by cause and
    # seconds; each was tried again as the page does (bench/load_clients.py Player._open).
    failed = {k: n for k, n in stats.closed.items() if str(k).startswith("connect:")}
    print(f"  handshakes failed: {sum(failed.values())}"
          + (f" ({', '.join(f'{n} {k[9:]}' for k, n in sorted(failed.items()))})" if failed
             else ""))  # fmt: skip
    closes = {k: n for k, n in stats.closed.items() if k not in failed}
    print(f"  sockets closed by the server during the run, by code: {closes or 'none'}")
