"""The figures bench/load.py prints at the end of a run (never asserted anywhere)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from load_clients import Stats

from games.engine.arena import percentile

NAMES = ("daphne", "celery", "redis", "postgres*")


def ms(values: list[float], q: float) -> str:
    return f"{1000 * percentile(values, q):.0f}" if values else "-"


def latencies(stats: Stats, run: dict[str, Any], label: str) -> None:
    lat, moves = stats.latencies, stats.moves
    print(
        f"{label:<6}{moves:>7}{moves / run['elapsed']:>9.1f}{ms(lat, 0.5):>7}{ms(lat, 0.95):>7}"
        f"{ms(lat, 0.99):>7}{ms(lat, 1.0):>7}{stats.gaps:>6}{stats.lost:>6}{stats.finished:>6}"
    )


def per_move(stats: Stats, run: dict[str, Any]) -> tuple[list[float], float]:
    """CPU seconds per move of each kind of server process, and all of them."""
    *server, _clients = run["cpu"]
    per = [c / max(stats.moves, 1) for c in server]
    return per, sum(per)


def threads_line(stats: Stats, run: dict[str, Any], shuffles: float, label: str) -> None:
    """Daphne's CPU per move by thread: its event loop (the sockets' side: frames read and
    sent, the channel layer) and its other threads (the database threads: the moves)."""
    moves = max(stats.moves, 1)
    loop_user, loop_system, other_user, other_system = (
        c / moves * shuffles for c in run["threads"]
    )
    print(
        f"{label} daphne per move by thread (shuffles): event loop {loop_user + loop_system:.0f} "
        f"(user {loop_user:.0f}, system {loop_system:.0f}), other threads "
        f"{other_user + other_system:.0f} (user {other_user:.0f}, system {other_system:.0f}); "
        f"CPU ms {1000 * sum(run['threads'][:2]) / moves:.2f} and "
        f"{1000 * sum(run['threads'][2:]) / moves:.2f}"
    )


def report(
    args: argparse.Namespace, stats: Stats, run: dict[str, Any], shuffles: float,
    bare: tuple[Stats, dict[str, Any] | None] | None = None,
) -> None:  # fmt: skip
    """`shuffles`: the calibration (bench/engine.py) measured before and after, per second;
    `bare`: the same sockets on the bare relay (bench/bare_relay.py), measured after."""
    moves = stats.moves
    print(
        f"\nload.py: {args.tables} tables x {args.players} seats ({args.bots} bots, "
        f"{args.game}), think {args.think:g} s, {args.daphne} daphne, {args.workers} worker(s), "
        f"layer {args.layer}, {run['sockets']} sockets, {run['elapsed']:.0f} s measured"
    )
    print(f"{'':<6}{'moves':>7}{'moves/s':>9}{'p50':>7}{'p95':>7}{'p99':>7}{'max':>7}"
          f"{'gaps':>6}{'lost':>6}{'done':>6}  (act -> all seats, ms)")  # fmt: skip
    latencies(stats, run, "site")
    if bare is not None and bare[1] is not None:
        latencies(bare[0], bare[1], "bare")
    if args.hostile:
        hot = stats.hostile_latencies
        print(f"attacked tables: {len(hot)} moves, p50 {ms(hot, 0.5)}, p99 {ms(hot, 0.99)} ms; "
              f"{args.hostile} hostile sockets got {stats.refused} refusals")  # fmt: skip
    per, total = per_move(stats, run)
    clients = run["cpu"][-1] / max(moves, 1)
    text = ", ".join(f"{n} {1000 * c:.1f}" for n, c in zip(NAMES, per, strict=True))
    print(f"CPU ms per move: {text}, all {1000 * total:.1f} (*whole server); the bench's "
          f"clients {1000 * clients:.1f}")  # fmt: skip
    text = ", ".join(f"{n} {c * shuffles:.0f}" for n, c in zip(NAMES, per, strict=True))
    print(f"CPU per move in calibration shuffles ({shuffles:,.0f} per second, bench/engine.py, "
          f"before and after): {text}, all {total * shuffles:.0f}")  # fmt: skip
    if bare is not None and bare[1] is not None:
        bare_per, _ = per_move(*bare)
        bare_total = sum(bare_per[:3])  # the relay uses no database: PostgreSQL is others' work
        print(f"the bare relay ({stats.frame_size()}-byte states): daphne "
              f"{bare_per[0] * shuffles:.0f} shuffles per move, all but PostgreSQL "
              f"{bare_total * shuffles:.0f}; "
              f"the site over the bare stack: daphne {per[0] / max(bare_per[0], 1e-9):.1f}x, "
              f"all {total / max(bare_total, 1e-9):.1f}x")  # fmt: skip
    threads_line(stats, run, shuffles, "site")
    if bare is not None and bare[1] is not None:
        threads_line(bare[0], bare[1], shuffles, "bare")
    print(f"memory per open socket: {run['rss'] / 1024:.1f} KB (Daphne's resident growth from "
          f"the first table's sockets to all)")  # fmt: skip
    closes = dict(stats.closed) or "none"
    print(f"errors: {dict(stats.errors) or 'none'}; unexpected closes: {closes}")
    print(
        f"load average (1, 5, 15 min) at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
