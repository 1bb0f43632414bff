"""The figures bench/load.py prints at the end of a run (never asserted anywhere)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from load_clients import Stats

from games.engine.bots.arena import percentile


def ms(values: list[float], q: float) -> str:
    return f"{1000 * percentile(values, q):.0f}" if values else "-"


def report(args: argparse.Namespace, stats: Stats, run: dict[str, Any]) -> None:
    lat, moves = stats.latencies, stats.moves
    print(
        f"\nload.py: {args.tables} tables x {args.players} seats ({args.bots} bots, "
        f"{args.game}), think {args.think:g} s, {args.daphne} daphne, {args.workers} worker(s), "
        f"layer {args.layer}, {run['sockets']} sockets, {run['elapsed']:.0f} s measured"
    )
    print(f"{'moves':>7}{'moves/s':>9}{'p50':>7}{'p95':>7}{'p99':>7}{'max':>7}"
          f"{'gaps':>6}{'lost':>6}{'done':>6}  (act -> all seats, ms)")  # fmt: skip
    print(
        f"{moves:>7}{moves / run['elapsed']:>9.1f}{ms(lat, 0.5):>7}{ms(lat, 0.95):>7}"
        f"{ms(lat, 0.99):>7}{ms(lat, 1.0):>7}{stats.gaps:>6}{stats.lost:>6}{stats.finished:>6}"
    )
    if args.hostile:
        hot = stats.hostile_latencies
        print(f"attacked tables: {len(hot)} moves, p50 {ms(hot, 0.5)}, p99 {ms(hot, 0.99)} ms; "
              f"{args.hostile} hostile sockets got {stats.refused} refusals")  # fmt: skip
    names = ("daphne", "celery", "redis", "postgres*")
    *server, clients = run["cpu"]
    per = [f"{n} {1000 * c / max(moves, 1):.1f}" for n, c in zip(names, server, strict=True)]
    print(f"CPU ms per move: {', '.join(per)}, all {1000 * sum(server) / max(moves, 1):.1f} "
          f"(*whole server); the bench's clients {1000 * clients / max(moves, 1):.1f}")  # fmt: skip
    print(f"memory per open socket: {run['rss'] / 1024:.1f} KB (Daphne's resident growth from "
          f"the first table's sockets to all)")  # fmt: skip
    closes = dict(stats.closed) or "none"
    print(f"errors: {dict(stats.errors) or 'none'}; unexpected closes: {closes}")
    print(
        f"load average (1, 5, 15 min) at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
