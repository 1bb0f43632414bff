"""What the unavoidable parts of a live move cost a server process, in calibration shuffles:
the floor under bench/load.py's "the site over the bare stack" (docs/benchmarks.md).

Each part is timed alone in this process (`time.process_time`: its CPU, not PostgreSQL's),
in rounds that alternate the parts; the least of the rounds is printed, per call, in µs and
in shuffles of the CPU calibration (bench/engine.py's, per second of this process's CPU,
taken before and after), so that a busy machine shortens neither:

- hop: one call of a function through `games.sockets.threads.db_call` from the event loop
  (the thread a move's database work runs in);
- statement: one UPDATE of one row in autocommit: a durable write in one round trip;
- commit: the same UPDATE in `transaction.atomic()` (BEGIN, the UPDATE, COMMIT: three round
  trips and Django's transaction), a move's durable write with a row lock around it;
- apply: the engine's apply of one legal card to a Whist state in mid-deal;
- frames: a broadcast's five views of that state (the spectator's and four seats'), with
  what the page shows of them (`present`), each encoded as JSON.

It uses a database of its own, `<DATABASE_URL's name>_bench_floor` (one table, no
migrations), dropped at the end. Figures are printed, never asserted.

Run: `.venv/bin/python bench/move_floor.py [--calls 2000] [--rounds 5]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from arguments import Parser, whole_number  # noqa: E402
from capacity import DATABASE_URL, database_url, drop_database  # noqa: E402
from django_env import django_on  # noqa: E402
from engine import calibration  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = Parser(prog="move_floor.py", description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=whole_number(1), default=2000, help="calls per round")
    parser.add_argument("--rounds", type=whole_number(1), default=5)
    return parser.parse_args()


def setup(url: str) -> None:
    django_on(url, migrate=False)  # its own table only
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS floor (id int PRIMARY KEY, v int NOT NULL)")
        cursor.execute("INSERT INTO floor VALUES (1, 0) ON CONFLICT DO NOTHING")


def parts() -> dict[str, Callable[[int], None]]:
    """Each part as a function of a number of calls."""
    from django.db import connection, transaction

    from games.engine import apply, legal_actions, make_rules, new_game
    from games.engine.presentation import present
    from games.engine.views import table_views
    from games.sockets.threads import db_call

    def update() -> None:
        with connection.cursor() as cursor:
            cursor.execute("UPDATE floor SET v = v + 1 WHERE id = %s", [1])

    def statement(calls: int) -> None:
        for _ in range(calls):
            update()

    def commit(calls: int) -> None:
        for _ in range(calls):
            with transaction.atomic():
                update()

    def hop(calls: int) -> None:
        async def hops() -> None:
            call = db_call(lambda: None)
            for _ in range(calls):
                await call()

        asyncio.run(hops())

    rng, state = random.Random(5), new_game(make_rules("whist"), seed=5)
    for _ in range(25):  # mid-deal: tricks on the table, a trick under way
        state = apply(state, rng.choice(legal_actions(state, resign_too=False)))
    action = legal_actions(state, resign_too=False)[0]

    def engine_apply(calls: int) -> None:
        for _ in range(calls):
            apply(state, action)

    def frames(calls: int) -> None:
        for _ in range(calls):
            spectator, seated = table_views(state, range(4))
            for view in (spectator, *seated):
                view["present"] = present(view)
                json.dumps(view)

    return {"hop": hop, "statement": statement, "commit": commit, "apply": engine_apply,
            "frames": frames}  # fmt: skip


def main() -> None:
    args = arguments()
    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = database_url(base, f"{urlsplit(base).path.strip('/') or 'whist'}_bench_floor")
    shuffles = [calibration(2.0, time.process_time)]
    setup(url)
    best: dict[str, float] = {}
    try:
        timed = parts()
        for run in timed.values():
            run(max(1, args.calls // 10))  # warm: connections, prepared statements, caches
        for _ in range(args.rounds):
            for name, run in timed.items():
                start = time.process_time()
                run(args.calls)
                spent = (time.process_time() - start) / args.calls
                best[name] = min(best.get(name, spent), spent)
    finally:
        drop_database(url)
    shuffles.append(calibration(2.0, time.process_time))
    per_second = sum(shuffles) / len(shuffles)
    print(f"move_floor.py: least of {args.rounds} rounds of {args.calls} calls, from {ROOT}; "
          f"calibration {per_second:,.0f} shuffles per CPU second (before and after)")  # fmt: skip
    for name, spent in best.items():
        print(f"{name:<10}{1e6 * spent:>9.1f} µs {spent * per_second:>7.1f} shuffles")


if __name__ == "__main__":
    main()
