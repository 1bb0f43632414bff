"""The quick-play pool: how long one matching round takes with 1,000 waiting players.

Players wait in every line of the pool (Knockout Whist for 2 to 7, Whist, German Whist; rated
and casual), ratings drawn around 1300 (spread 250), waits from 0 to 30 s, one in four with
a bot wait that has passed. Three figures:

1. the decision alone (games/pairing.py over every line, as one watchdog tick sees it): the
   same round timed ROUNDS times;
2. database rounds with nothing to seat (everyone just joined, ratings too far apart): what
   every tick costs, one line's round (games.services.pool_match: the line locked, its
   entries read, the decision) and the tick of all lines;
3. a database round that seats whoever can be seated, with the tables it starts.

It uses a database of its own, `whist_bench_pool` (on the server of DATABASE_URL), migrated
and dropped at the end. Each time is also given in calibration units (bench/engine.py: how
many 52-card shuffles the machine does in that time), so busy or different machines compare.
Figures are printed, never asserted.
Run: `.venv/bin/python bench/pool.py [--players N] [--rounds N]`.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.arguments import Parser, whole_number  # noqa: E402
from bench.capacity import drop_database, load  # noqa: E402
from bench.django_env import bench_database, django_on  # noqa: E402
from bench.engine import calibration  # noqa: E402

BENCH_DATABASE = "whist_bench_pool"
LINES = [("knockout", n, r) for n in range(2, 8) for r in (False, True)] + [
    (g, n, r) for g, n in (("whist", 4), ("german", 2)) for r in (False, True)
]
count = whole_number(1)


def crowd(players: int, seed: int = 1) -> list[tuple[tuple, int, float, bool, bool]]:
    """(line, rating, seconds waited, accepts bots, bot wait passed) for each player."""
    rng = random.Random(seed)
    out = []
    for _ in range(players):
        accepts = rng.random() < 0.75
        out.append((rng.choice(LINES), round(rng.gauss(1300, 250)), rng.uniform(0, 30),
                    accepts, accepts and rng.random() < 0.33))  # fmt: skip
    return out


def decision_rounds(people: list, rounds: int) -> list[float]:
    """Seconds of each round of the pairing decision over every line."""
    from django.conf import settings

    from games.pairing import Waiting, groups

    base, per_second = settings.WHIST_POOL_RANGE
    by_line: dict[tuple, list[Waiting]] = {}
    for i, (line, rating, waited, accepts, due) in enumerate(people):
        by_line.setdefault(line, []).append(Waiting(i, rating, waited, accepts, due, "club"))
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        seated = sum(len(groups(w, line[1], base, per_second)) for line, w in by_line.items())
        times.append(time.perf_counter() - start)
    print(f"  (each round finds {seated} tables)")
    return times


def fill_pool(people: list, spread_out: bool) -> None:
    """The players as users and pool entries (in bulk); `spread_out`: nobody can be seated."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import PoolEntry, PoolLine

    PoolEntry.objects.all().delete()
    users = get_user_model().objects.order_by("pk")[: len(people)]
    if len(users) < len(people):
        get_user_model().objects.bulk_create(
            get_user_model()(username=f"pool{i}", password="!") for i in range(len(people))
        )
        users = get_user_model().objects.order_by("pk")[: len(people)]
    lines = {key: PoolLine.objects.get_or_create(game=key[0], players=key[1], rated=key[2])[0]
             for key in LINES}  # fmt: skip
    now = timezone.now()
    PoolEntry.objects.bulk_create(
        PoolEntry(line=lines[line], user=user, channel=f"bench-{user.pk}", process="",
                  rating=10_000 * i if spread_out else rating, bot_level="club",
                  bots_after=None if spread_out or not accepts else (0 if due else 600),
                  joined=now if spread_out else now - timedelta(seconds=waited))
        for i, (user, (line, rating, waited, accepts, due))
        in enumerate(zip(users, people, strict=True))
    )  # fmt: skip


def database_round(per_line: list[float]) -> tuple[float, int]:
    """One tick's matching of every line (as pool_sweep): seconds, tables seated; the
    seconds of each line's round (one pool_match) go to `per_line`."""
    from games.models import PoolEntry
    from games.services import pool_match

    start = time.perf_counter()
    lines = list(PoolEntry.objects.values_list("line_id", flat=True).distinct().order_by())
    seated = 0
    for line in lines:
        began = time.perf_counter()
        seated += len(pool_match(line))
        per_line.append(time.perf_counter() - began)
    return time.perf_counter() - start, seated


def show(name: str, seconds: list[float], shuffles: float) -> None:
    ms = [s * 1000 for s in seconds]
    median, worst = statistics.median(ms), max(ms)
    units = median / 1000 * shuffles
    print(f"{name}: median {median:.2f} ms, worst {worst:.2f} ms; median in calibration "
          f"units {units:,.0f} shuffles; worst / 50 ms target = {worst / 50:.2f}")  # fmt: skip


def main() -> None:
    parser = Parser(prog="pool.py", description=__doc__)
    parser.add_argument("--players", type=count, default=1000)
    parser.add_argument("--rounds", type=count, default=50)
    args = parser.parse_args()
    url = bench_database(BENCH_DATABASE)
    print(f"{os.cpu_count()} cores; load average (1, 5, 15 min): {load()}")
    shuffles = calibration(1.0)
    print(f"calibration: {shuffles:,.0f} shuffles of 52 cards per second")
    try:
        django_on(url)  # in-memory channel layer and cache
        from django.conf import settings

        settings.WHIST_THREAD_TIMERS = False  # the seated tables' bots stay still
        people = crowd(args.players)
        print(f"{args.players:,} players waiting in {len(LINES)} lines")
        show("decision round (games/pairing.py, every line)",
             decision_rounds(people, args.rounds), shuffles)  # fmt: skip
        idle, lines = [], []
        fill_pool(people, spread_out=True)
        for _ in range(max(args.rounds // 5, 3)):
            took, seated = database_round(lines)
            assert seated == 0
            idle.append(took)
        show("database round of one line, nobody to seat (lock, read, decide)", lines, shuffles)
        show(f"database tick of all {len(LINES)} lines, nobody to seat", idle, shuffles)
        fill_pool(people, spread_out=False)
        took, seated = database_round([])
        print(f"database round seating {seated} tables: {took * 1000:.0f} ms "
              f"({took * 1000 / max(seated, 1):.1f} ms per table started)")  # fmt: skip
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
