"""What the look for lost publishes costs (games/sockets/lost_publishes.py): one read of the
versions of a process's quiet tables every WHIST_LOST_PUBLISH_EVERY seconds.

On a migrated bench database of its own (`<DATABASE_URL's name>_bench_lost_<pid>`, dropped at the
end) with `--tables` started Whist tables, in rounds that alternate the two, it times on
this thread's CPU clock and its PostgreSQL backend's (/proc schedstat):

- look: the look's read (`queries.table_versions`) of all `--tables` tables, `--looks` times;
- move: `--moves` legal `move_play`s (tables in turn), for scale.

The least of the rounds per look and per move is printed in µs and in calibration shuffles,
then what the looks cost a process at rest (every table quiet, so every look reads them all):
reads per minute per process and per socket (four sockets per table), and the looks' CPU per
minute against one move's. Figures are printed, never asserted.

Run: `.venv/bin/python bench/lost_publishes.py [--tables 200] [--looks 200] [--moves 50]
[--rounds 4]`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from arguments import Parser, whole_number  # noqa: E402
from capacity import DATABASE_URL, drop_database  # noqa: E402
from django_env import run_database  # noqa: E402
from engine import calibration  # noqa: E402
from move_path import backend_cpu, setup, tables  # noqa: E402
from move_refused import Mover  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = Parser(prog="lost_publishes.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=200)
    parser.add_argument("--looks", type=whole_number(1), default=200, help="looks per round")
    parser.add_argument("--moves", type=whole_number(1), default=50, help="moves per round")
    parser.add_argument("--rounds", type=whole_number(1), default=4)
    return parser.parse_args()


def looks(ids: list[int], count: int, backend: Callable[[], float]) -> tuple[float, float]:
    """This thread's and the backend's CPU seconds per look at `ids`."""
    from games.reads import queries

    own, other = -time.thread_time(), -backend()
    for _ in range(count):
        assert len(queries.table_versions(ids)) == len(ids)
    own += time.thread_time()
    other += backend()
    return own / count, other / count


def main() -> None:
    args = arguments()
    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = run_database(base, "bench_lost")  # this run's own: two runs never drop each other's
    shuffles = [calibration(2.0, time.thread_time)]
    setup(url)
    best: dict[str, tuple[float, float]] = {}
    try:
        from django.conf import settings

        every = settings.WHIST_LOST_PUBLISH_EVERY
        made = tables(args.tables)
        ids = [table_id for table_id, _ in made]
        mover, backend = Mover(made), backend_cpu()
        mover.moves(100, [0.0, 0.0, backend])  # warm: imports, caches, prepared statements
        looks(ids, 20, backend)
        for _ in range(args.rounds):
            for name in ("look", "move"):
                if name == "look":
                    figures = looks(ids, args.looks, backend)
                else:
                    clocks = [0.0, 0.0, backend]
                    mover.moves(args.moves, clocks)
                    figures = (clocks[0] / args.moves, clocks[1] / args.moves)
                low = best.get(name, figures)
                best[name] = (min(low[0], figures[0]), min(low[1], figures[1]))
    finally:
        from django.db import connections

        from runtime.scheduling import stop_lanes

        stop_lanes(wait=5)  # the games' timers never start on a dropped database
        connections.close_all()
        drop_database(url)
    shuffles.append(calibration(2.0, time.thread_time))
    per_second = sum(shuffles) / len(shuffles)
    print(f"lost_publishes.py: least of {args.rounds} rounds ({args.looks} looks at "
          f"{args.tables} tables, {args.moves} moves), from {ROOT}; calibration "
          f"{per_second:,.0f} shuffles per thread CPU second; "
          f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"{'each':<10}{'this thread':>22}{'PostgreSQL backend':>24}{'both':>10}")
    for name, (own, other) in best.items():
        print(f"{name:<10}{1e6 * own:>9.1f} µs {own * per_second:>6.1f} shuf"
              f"{1e6 * other:>11.1f} µs {other * per_second:>6.1f} shuf"
              f"{(own + other) * per_second:>10.1f}")  # fmt: skip
    per_minute = 60 / every
    look, move = sum(best["look"]), sum(best["move"])
    print(f"at rest, every {every:g} s: {per_minute:.0f} reads a minute per process, "
          f"{per_minute / (4 * args.tables):.3f} per socket at {4 * args.tables} sockets; "
          f"their CPU a minute = {per_minute * look / move:.1f} moves' "
          f"({per_minute * look * per_second:,.0f} shuffles)")  # fmt: skip


if __name__ == "__main__":
    main()
