"""A stopping server's presence drop (games/services/presence_drop.py `presence_drop_process`,
run by games/sockets/shutdown.py within its 8 s CLEANUP_GRACE), or with `--sweep` the
watchdog's sweep of the same rows once silent (`presence_sweep`): its cost at T tables.

It uses a database of its run's own, `<DATABASE_URL's name>_bench_presence_drop_<its pid>`
(on the server of DATABASE_URL, default the Makefile's; bench/django_env.py `run_database`:
two runs at once do not drop each other's, a killed run's is dropped by the next), migrated,
and dropped at the end; no Redis (the channel layer in
this process's memory, the away checks counted, not queued). It makes T German Whist tables
of two humans, dealt; then R rounds, each: both seats' sockets counted (two presence rows a
table, of one process), then that process's rows dropped (`--sweep`: the rows silent for
longer than WHIST_PRESENCE_STALE, their process dead, then one sweep). Each round prints the
wall time, this process's CPU seconds (every thread's: time.process_time), the statements
sent (every thread's), the rows dropped and the rows left. At the end the medians and the
calibration (bench/engine.py's 52-card shuffles per CPU second). Figures are printed, never
asserted.

Run: `.venv/bin/python bench/presence_drop.py [--tables 100] [--rounds 5] [--threads 4]
[--sweep]`.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.arguments import Parser, whole_number  # noqa: E402
from bench.capacity import DATABASE_URL, drop_database  # noqa: E402
from bench.django_env import django_on, environment, run_database  # noqa: E402
from bench.engine import calibration  # noqa: E402

PROCESS = "bench-stopping"
QUEUED: list[tuple[str, tuple]] = []  # the tasks asked for (run_later), not run


class Counted:
    """Statements sent by every thread's connection."""

    def __init__(self) -> None:
        self.lock, self.sent = threading.Lock(), 0

    def install(self) -> None:
        from django.db.backends import utils

        execute, counted = utils.CursorWrapper.execute, self

        def counting(cursor: Any, sql: str, params: Any = None) -> Any:
            with counted.lock:
                counted.sent += 1
            return execute(cursor, sql, params)

        utils.CursorWrapper.execute = counting


def make_tables(count: int) -> list[int]:
    from django.contrib.auth import get_user_model

    from games import services

    user_model, made = get_user_model(), []
    for n in range(count):
        ann = user_model.objects.create_user(f"ann{n}")  # no password: no slow hashing
        bob = user_model.objects.create_user(f"bob{n}")
        table = services.table_create(ann, "german")
        services.seat_take(bob, table.pk, 1)
        services.table_start(ann, table.pk)
        made.append(table.pk)
    return made


def count_sockets(tables: list[int]) -> None:
    """Both seats of each table hold one socket of PROCESS (as a stopping server's are)."""
    from games import services
    from games.models import Presence, Seat

    for seat in Seat.objects.filter(table_id__in=tables).select_related("user"):
        services.seat_connect(seat.table_id, seat.user, f"{PROCESS}.{seat.pk}")
    Presence.objects.filter(channel__startswith=PROCESS).update(process=PROCESS)


def one_round(tables: list[int], threads: int, counted: Counted, sweep: bool) -> dict[str, float]:
    from datetime import timedelta

    from django.conf import settings
    from django.db import connections
    from django.utils import timezone

    from games import services
    from games.models import Presence

    count_sockets(tables)
    if sweep:  # silent since before the cutoff (and their process dead: never beat)
        silent = timezone.now() - timedelta(seconds=settings.WHIST_PRESENCE_STALE + 60)
        Presence.objects.filter(process=PROCESS).update(seen=silent)
    connections.close_all()
    sent, cpu, wall = counted.sent, time.process_time(), time.perf_counter()
    queued_before = len(QUEUED)
    if sweep:
        rows = services.presence_sweep()
    else:
        rows = services.presence_drop_process(PROCESS, threads=threads)
    wall, cpu, sent = time.perf_counter() - wall, time.process_time() - cpu, counted.sent - sent
    left = Presence.objects.filter(process=PROCESS).count()
    checks = sum(name == "away_check" for name, _ in QUEUED[queued_before:])
    return {"wall": wall, "cpu": cpu, "sent": sent, "rows": rows, "left": left, "checks": checks}


def main() -> None:
    parser = Parser(prog="presence_drop.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=100)
    parser.add_argument("--rounds", type=whole_number(1), default=5)
    parser.add_argument("--threads", type=whole_number(1), default=4)
    parser.add_argument("--sweep", action="store_true", help="the watchdog's sweep instead")
    args = parser.parse_args()
    url = run_database(os.environ.get("DATABASE_URL", DATABASE_URL), "bench_presence_drop")
    os.environ.update(environment(), DATABASE_URL=url)
    django_on(url)
    from runtime import scheduling

    scheduling.run_later = lambda task_name, args, delay=0.0: QUEUED.append((task_name, args))
    counted = Counted()
    counted.install()
    try:
        tables = make_tables(args.tables)
        results = []
        for n in range(args.rounds):
            result = one_round(tables, args.threads, counted, args.sweep)
            results.append(result)
            print(f"round {n + 1}: {result['rows']} rows of {args.tables} tables "
                  f"{'swept' if args.sweep else 'dropped'} in "
                  f"{result['wall']:.3f} s, {result['cpu']:.3f} CPU-s, {result['sent']} "
                  f"statements, {result['left']} rows left, {result['checks']} away checks "
                  "queued", flush=True)  # fmt: skip
        med = {k: statistics.median(r[k] for r in results) for k in ("wall", "cpu", "sent")}
        print(f"median: {med['wall']:.3f} s, {med['cpu']:.3f} CPU-s, {med['sent']:.0f} "
              f"statements")  # fmt: skip
        print(f"calibration: {calibration(2.0, time.process_time):,.0f} shuffles per CPU-s")
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
