"""Rankings: page render times with many stored games, and the bookkeeping task's time per game.

Part 1: with PLAYERS players and GAMES stored rated games (tests/rankings/bulk.py), the
leaderboard pages (players, a later page, the active filter, bots) and the profiles of
random players are each rendered REQUESTS times through Django's test client (the whole
request: middleware, queries, templates); p50 and p95 wall time are printed.
Part 2: SCORES finished games (engine games from seeds: Knockout Whist 4 players, Whist,
German Whist, humans and bots) are stored as the card room stores them, then each one's
bookkeeping (rankings.services.game_score_create: the task's whole work, from game over to
ratings, XP, levels and achievements written and committed) is timed; p50, p95 and max
are printed. The goal is a p95 under 20 ms.

It uses a database of its own, `whist_bench_rankings` (on the server of DATABASE_URL,
default the Makefile's), made as the Makefile makes `whist`, migrated, and dropped at the
end. Figures are printed, never asserted.
Run: `.venv/bin/python bench/rankings.py [--players N] [--games N] [--requests N] [--scores N]`.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.arguments import Parser, whole_number  # noqa: E402
from bench.capacity import drop_database, load  # noqa: E402
from bench.django_env import bench_database, django_on  # noqa: E402

BENCH_DATABASE = "whist_bench_rankings"
GOAL_MS = 20.0


count = whole_number(1)


def percentiles(ms: list[float]) -> str:
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    p50, top = statistics.median(ordered), ordered[-1]
    return f"p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   max {top:6.1f} ms"


def timed(call: object, times: int) -> list[float]:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        call()  # type: ignore[operator]
        out.append((time.perf_counter() - start) * 1000)
    return out


def pages_part(players: int, games: int, requests: int) -> None:
    from django.test import Client

    from tests.rankings.bulk import build

    start = time.perf_counter()
    users = build(players=players, games=games)
    print(f"built {players:,} players and {games:,} games in {time.perf_counter() - start:.1f} s")
    client, rng = Client(), random.Random(2)
    for label, url in (
        ("leaderboard, page 1", "/leaderboards/knockout/"),
        ("leaderboard, page 7", "/leaderboards/whist/?page=7"),
        ("leaderboard, active 30 days", "/leaderboards/german/?active=1"),
        ("leaderboard, bots", "/leaderboards/german/?list=bots"),
    ):
        client.get(url)  # warm: templates, translations
        print(f"{label:32} {percentiles(timed(lambda u=url: client.get(u), requests))}")
    profile = lambda: client.get(f"/accounts/players/{rng.choice(users).username}/")  # noqa: E731
    profile()
    print(f"{'profile (random player)':32} {percentiles(timed(profile, requests))}")


def scores_part(scores: int) -> None:
    from django.contrib.auth import get_user_model

    from rankings.services import game_score_create
    from tests.rankings.helpers import seeded, store

    users = list(get_user_model().objects.order_by("?")[:64])
    rng = random.Random(3)
    cases = (("knockout", 4), ("whist", 4), ("german", 2))
    tables = []
    for i in range(scores):
        game, n = cases[i % 3]
        seats = [rng.choice(users) if s % 2 == 0 else rng.choice(["club", "expert"])
                 for s in range(n)]  # fmt: skip
        while len({getattr(s, "pk", s) for s in seats if hasattr(s, "pk")}) < n // 2:
            seats[0] = rng.choice(users)
        tables.append(store(seeded(game, n, 1000 + i), seats))
    pending = iter(tables)
    ms = timed(lambda: game_score_create(next(pending).pk), scores)
    verdict = "met" if sorted(ms)[int(0.95 * len(ms))] < GOAL_MS else "NOT met"
    print(f"{'bookkeeping per game':32} {percentiles(ms)}   goal p95 < {GOAL_MS:.0f} ms: {verdict}")


def main() -> None:
    parser = Parser(prog="rankings.py", description=__doc__)
    parser.add_argument("--players", type=count, default=1000)
    parser.add_argument("--games", type=count, default=10_000)
    parser.add_argument("--requests", type=count, default=50, help="renders per page")
    parser.add_argument("--scores", type=count, default=300, help="games to score")
    args = parser.parse_args()
    url = bench_database(BENCH_DATABASE)
    print(f"{os.cpu_count()} cores; load average (1, 5, 15 min): {load()}")
    try:
        django_on(url)  # in-memory channel layer: awards go nowhere
        pages_part(args.players, args.games, args.requests)
        scores_part(args.scores)
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
