"""One hop from an event loop to a database thread and back, in instructions over all the
process's threads (docs/benchmarks.md, "tenth session").

Each way of hopping runs a function that does nothing but find its Django connection open,
`--few` and then `--many` times, awaited one after the other on a loop with nothing else to
do, each count in a process of its own under `valgrind --tool=callgrind` (`PYTHONHASHSEED=0`);
the difference of the two totals over the difference of the counts is one hop:

- asgiref: Channels' `database_sync_to_async(fn, thread_sensitive=False)`, what `db_call`
  ran on PostgreSQL before the tenth session (`SyncToAsync` over the loop's default
  `ThreadPoolExecutor`, `close_old_connections` before and after);
- executor: `ThreadPoolExecutor.submit` of the same checked call in a copy of the context,
  the result handed to an asyncio future by a done-callback's `call_soon_threadsafe`;
- pool: games/sockets/db_pool.py, what `db_call` runs now.

On the database of DATABASE_URL (default the Makefile's), migrated or not. Printed, never
asserted.

Run: `.venv/bin/python bench/db_hop.py [--few 200] [--many 3200] [--ways asgiref,pool]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WAYS = ("asgiref", "executor", "pool")


def hops(way: str, count: int) -> None:
    """The measured process: Django set up, `count` hops of `way`."""
    sys.path.insert(0, str(ROOT))
    from bench.capacity import DATABASE_URL
    from bench.django_env import django_on

    django_on(os.environ.get("DATABASE_URL", DATABASE_URL), migrate=False)
    from django.db import connection

    def touch() -> bool:
        connection.ensure_connection()
        return connection.connection is not None

    hop = _hop(way, touch)

    async def run() -> None:
        for _ in range(count):
            assert await hop()

    asyncio.run(run())


def _hop(way: str, fn):  # noqa: ANN001, ANN202
    if way == "asgiref":
        from channels.db import database_sync_to_async

        return database_sync_to_async(fn, thread_sensitive=False)
    if way == "pool":
        from games.sockets.db_pool import run_in_pool

        return run_in_pool(fn)
    from concurrent.futures import ThreadPoolExecutor
    from contextvars import copy_context

    from games.sockets.db_pool import WORKERS, _checked

    executor = ThreadPoolExecutor(WORKERS)

    def settle(future: asyncio.Future, done) -> None:  # noqa: ANN001
        if not future.done():
            exc = done.exception()
            future.set_exception(exc) if exc else future.set_result(done.result())

    async def via_executor() -> object:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        context = copy_context()
        done = executor.submit(context.run, _checked, context, fn, (), {})
        done.add_done_callback(lambda done: loop.call_soon_threadsafe(settle, future, done))
        return await future

    return via_executor


def instructions(way: str, count: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             __file__, "--hops", way, str(count)],  # fmt: skip
            check=True, env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True,
        )  # fmt: skip
        text = out.read_text()
    found = re.search(r"^(?:summary|totals): (\d+)", text, re.MULTILINE)
    assert found, "no totals in callgrind's output"
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--few", type=int, default=200)
    parser.add_argument("--many", type=int, default=3200)
    parser.add_argument("--ways", default="asgiref,pool")
    parser.add_argument("--hops", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hops:
        hops(args.hops[0], int(args.hops[1]))
        return
    for way in args.ways.split(","):
        assert way in WAYS, f"--ways: one of {WAYS}"
        few, many = instructions(way, args.few), instructions(way, args.many)
        per_hop = (many - few) / (args.many - args.few)
        print(f"{way:9} {few:>14,} ({args.few} hops) {many:>14,} ({args.many} hops): "
              f"{per_hop:,.0f} instructions a hop", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
