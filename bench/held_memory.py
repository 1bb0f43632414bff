"""What a process holds per table for the compare-and-set move (games/held.py), and what a
move's `take` and `hold` of it cost.

On the migrated bench database of bench/move_path.py (`<DATABASE_URL's name>_bench_held_<pid>`,
dropped at the end; turn timers off), `--tables` started Whist tables of four users: each
table's row and seats read as a state's build reads them (games/reads/queries.py
`table_with_seats`) and held, under tracemalloc (the held bytes per table: what stays allocated
once the rows read are dropped, after a collection); then a move's use of it `--calls` times:
`take`, the version bumped, `hold` of that next version; in µs and in shuffles of a calibration
taken on this thread's CPU clock before and after. Figures are printed, never asserted.

Run: `.venv/bin/python bench/held_memory.py [--tables 40] [--calls 2000]`.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from arguments import Parser, whole_number  # noqa: E402
from capacity import DATABASE_URL, drop_database  # noqa: E402
from django_env import run_database  # noqa: E402
from engine import calibration  # noqa: E402
from move_path import setup, tables  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = Parser(prog="held_memory.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=40)
    parser.add_argument("--calls", type=whole_number(1), default=2000)
    return parser.parse_args()


def measure(ids: list[int], calls: int) -> tuple[float, float]:
    """Bytes held per table; µs per `take` and `hold` of the next version."""
    from games import held
    from games.reads import queries

    for table_id in ids:  # warm: the shapes, plans and statements made once
        held.hold(*queries.table_with_seats(table_id))
    held.clear()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for table_id in ids:
        held.hold(*queries.table_with_seats(table_id))
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    start = time.thread_time()
    for call in range(calls):
        taken = held.take(ids[call % len(ids)])
        assert taken is not None
        taken[0].version += 1
        held.hold(*taken)
    return grown / len(ids), 1e6 * (time.thread_time() - start) / calls


def main() -> None:
    args = arguments()
    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = run_database(base, "bench_held")  # this run's own: two runs never drop each other's
    shuffles = [calibration(1.0, time.thread_time)]
    setup(url)
    from django.conf import settings

    settings.WHIST_THREAD_TIMERS = False  # no turn timers allocating in threads meanwhile
    try:
        made = tables(args.tables)
        size, cycle = measure([table_id for table_id, _users in made], args.calls)
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(url)
    shuffles.append(calibration(1.0, time.thread_time))
    per_second = sum(shuffles) / len(shuffles) / 1e6
    print(f"held_memory.py: {args.tables} Whist tables of four, from {ROOT}; calibration "
          f"{per_second * 1e6:,.0f} shuffles per thread CPU second (before and after)")  # fmt: skip
    print(f"held per table: {size:,.0f} bytes")
    print(f"take and hold of the next version: {cycle:.1f} µs, {cycle * per_second:.2f} "
          f"shuffles")  # fmt: skip


if __name__ == "__main__":
    main()
