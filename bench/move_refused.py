"""What a refused move costs the moves after it: psycopg forgets a connection's prepared
statements at every ROLLBACK (psycopg/_connection_base.py `_rollback_gen`: `DEALLOCATE ALL`
on the server, and its counts start again, so each statement is sent unprepared
`prepare_threshold` times more before it is prepared again). A refused move is a rollback:
`move_play` raises inside its transaction (here: a stale version, a double click's second
send).

On a migrated bench database of its own (`<DATABASE_URL's name>_bench_refused`, dropped at
the end; `--tables` started Whist tables), in rounds that alternate the two, it times:

- plain: `--after` legal moves (`move_play`, tables taken in turn);
- refused: one refused `move_play` (a stale version), then `--after` legal moves.

Each is timed on this thread's CPU clock and on its PostgreSQL backend's (/proc schedstat),
the least of the rounds per cycle printed in µs and in calibration shuffles; their
difference is what a refusal costs in all, its own transaction included. It also prints how
many statements the connection had prepared before a refusal and after it. Figures are
printed, never asserted.

Run: `.venv/bin/python bench/move_refused.py [--tables 60] [--cycles 100] [--after 6]
[--rounds 4]`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from arguments import Parser, whole_number  # noqa: E402
from capacity import DATABASE_URL, database_url, drop_database  # noqa: E402
from engine import calibration  # noqa: E402
from move_path import backend_cpu, setup, tables  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = Parser(prog="move_refused.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=60)
    parser.add_argument("--cycles", type=whole_number(1), default=100, help="cycles per round")
    parser.add_argument("--after", type=whole_number(1), default=6, help="moves per cycle")
    parser.add_argument("--rounds", type=whole_number(1), default=4)
    return parser.parse_args()


class Mover:
    """Legal moves at the tables in turn, and refused ones."""

    def __init__(self, made: list[tuple[int, list]]) -> None:
        self.playing = list(made)
        self.turn = 0

    def _next(self) -> tuple[int, dict, int, object]:
        from games.engine.views import seat_view
        from games.gamestate import state_for
        from games.models import Table

        while self.playing:
            table_id, users = self.playing[self.turn % len(self.playing)]
            self.turn += 1
            table = Table.objects.get(pk=table_id)
            state = state_for(table) if table.status == Table.Status.PLAYING else None
            if state is None or state.over:
                self.playing.remove((table_id, users))
                continue
            legal = seat_view(state, state.to_act)["legal"][0]
            event = {k: v for k, v in legal.items() if k != "seat"}
            return table_id, event, table.version, users[state.to_act]
        raise SystemExit("move_refused.py: every game ended; give more --tables")

    def moves(self, count: int, clocks: list) -> None:
        """`count` legal moves, only `move_play` itself on the clocks."""
        from games import services

        for _ in range(count):
            table_id, event, version, user = self._next()
            clocks[0] -= time.thread_time()
            clocks[1] -= clocks[2]()
            services.move_play(table_id, event, version, user=user)
            clocks[0] += time.thread_time()
            clocks[1] += clocks[2]()

    def refused(self, clocks: list) -> None:
        from games import services
        from games.services.errors import ServiceError

        table_id, event, version, user = self._next()
        clocks[0] -= time.thread_time()
        clocks[1] -= clocks[2]()
        try:
            services.move_play(table_id, event, version - 1, user=user)
        except ServiceError:
            pass
        else:
            raise AssertionError("a stale version was taken")
        clocks[0] += time.thread_time()
        clocks[1] += clocks[2]()


def prepared() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        return cursor.fetchone()[0]


def main() -> None:
    args = arguments()
    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = database_url(base, f"{urlsplit(base).path.strip('/') or 'whist'}_bench_refused")
    shuffles = [calibration(2.0, time.thread_time)]
    setup(url)
    best: dict[str, tuple[float, float]] = {}
    try:
        mover = Mover(tables(args.tables))
        backend = backend_cpu()
        mover.moves(300, [0.0, 0.0, backend])  # warm: imports, caches, prepared statements
        before = prepared()
        mover.refused([0.0, 0.0, backend])
        after = prepared()
        mover.moves(50, [0.0, 0.0, backend])
        for _ in range(args.rounds):
            for name in ("plain", "refused"):
                clocks = [0.0, 0.0, backend]
                for _ in range(args.cycles):
                    if name == "refused":
                        mover.refused(clocks)
                    mover.moves(args.after, clocks)
                own, other = clocks[0] / args.cycles, clocks[1] / args.cycles
                low = best.get(name, (own, other))
                best[name] = (min(low[0], own), min(low[1], other))
    finally:
        from django.db import connections

        from runtime.scheduling import stop_lanes

        stop_lanes(wait=5)  # the games' timers never start on a dropped database
        connections.close_all()
        drop_database(url)
    shuffles.append(calibration(2.0, time.thread_time))
    per_second = sum(shuffles) / len(shuffles)
    print(f"move_refused.py: least of {args.rounds} rounds of {args.cycles} cycles of "
          f"{args.after} moves, from {ROOT}; calibration {per_second:,.0f} shuffles per "
          f"thread CPU second; load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"statements prepared on the connection: {before} before a refusal, {after} after")
    print(f"{'cycle':<10}{'this thread':>22}{'PostgreSQL backend':>24}{'both':>10}")
    for name, (own, other) in best.items():
        print(f"{name:<10}{1e6 * own:>9.1f} µs {own * per_second:>6.1f} shuf"
              f"{1e6 * other:>11.1f} µs {other * per_second:>6.1f} shuf"
              f"{(own + other) * per_second:>10.1f}")  # fmt: skip
    (own_a, other_a), (own_b, other_b) = best["plain"], best["refused"]
    print(f"a refusal, with what it costs the moves after it: {(own_b - own_a) * 1e6:.1f} µs "
          f"+ {(other_b - other_a) * 1e6:.1f} µs = "
          f"{(own_b - own_a + other_b - other_a) * per_second:.1f} shuffles")  # fmt: skip


if __name__ == "__main__":
    main()
