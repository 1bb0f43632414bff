"""Game records: the CPU of analysing a game, and page render times with 10,000 stored games.

Part 1 (the engine alone): games played by Club bots (4-player Knockout Whist, and one
Whist and one German Whist game), each replayed from its record and analysed as the
Celery task does (`games.engine.analysis.analyse`); CPU seconds by `time.process_time`.

Part 2 (PostgreSQL): its own database, `whist_bench_records` (on the server of
DATABASE_URL, default the Makefile's), migrated, with 10,000 finished games of one
player stored in bulk (each with a real German Whist record; the rated half with rankings'
rows, so that the pages show rating changes); then the history page
(pages and filters at random) and the game page are requested through Django's test
client, timed with `time.perf_counter`, and the history query's plan is printed. The
database is dropped at the end.

Figures are printed, never asserted.
Run: `.venv/bin/python bench/records.py [--games 3] [--requests 200] [--stored 10000]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from capacity import drop_database  # noqa: E402
from django_env import bench_database, django_on  # noqa: E402

from games.engine import apply, make_rules, new_game  # noqa: E402
from games.engine.analysis import analyse  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402
from games.engine.record import to_record  # noqa: E402
from games.engine.record_check import check  # noqa: E402
from games.engine.views import seat_view  # noqa: E402

BENCH_DATABASE = "whist_bench_records"


def bot_game(game: str, players: int, seed: int) -> dict[str, Any]:
    """A whole game between Club bots, each deciding from its own seat view, as a record."""
    from games.engine import action_from_event

    state = new_game(make_rules(game, players), seed=seed)
    while not state.over:
        view = seat_view(state, state.to_act)
        event = choose_action(view, "club", seed=seed + len(state.events))
        state = apply(state, action_from_event({**event, "seat": state.to_act}))
    seats = [{"name": f"Club {i}", "bot": "club"} for i in range(players)]
    return to_record(state, seats)


def analysis_part(games: int) -> dict[str, Any]:
    print("Analysis CPU per game (Club bots' games; estimates 0.1 s of sampling each):")
    print(f"{'game':<18}{'seed':>5}{'positions':>10}{'exact':>7}{'estimate':>9}{'CPU s':>8}")
    cases = [("knockout", 4, s) for s in range(1, games + 1)] + [("whist", 4, 1), ("german", 2, 1)]
    knockout = []
    last = None
    for game, players, seed in cases:
        replay = check(bot_game(game, players, seed))
        start = time.process_time()
        found = analyse(replay, seed=seed)
        cpu = time.process_time() - start
        kinds = [e["kind"] for e in found["positions"].values()]
        print(f"{game + f' {players}p':<18}{seed:>5}{len(kinds):>10}{kinds.count('exact'):>7}"
              f"{kinds.count('estimate'):>9}{cpu:>8.2f}")  # fmt: skip
        if game == "knockout":
            knockout.append(cpu)
        if game == "german":
            last = replay
    print(f"4-player Knockout: max {max(knockout):.2f} s CPU (target < 30 s on one worker)\n")
    return {"german": last}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def pages_part(stored: int, requests: int) -> None:
    url = bench_database(BENCH_DATABASE)
    try:
        django_on(url)
        _pages(stored, requests)
    finally:
        drop_database(url)


def _pages(stored: int, requests: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from records.selectors import history
    from tests.records.factories import score_many, store_many

    user = get_user_model().objects.create_user("ann", password="x" * 12)
    start = time.perf_counter()
    ids = store_many(user, stored, bot_game("german", 2, 5))
    scored = score_many(user, ids)  # the rated ones' rating changes, shown on the pages
    print(f"Stored {len(ids):,} games ({scored:,} rated and scored) in "
          f"{time.perf_counter() - start:.1f} s; "
          f"{requests} requests per page kind (test client, one process):")  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    client = Client()
    rng = random.Random(1)
    filters = [
        "",
        "game=german",
        "result=won",
        "rated=rated",
        "game=german&result=lost&rated=casual",
    ]
    pages = {
        "history": lambda: f"/players/ann/games/?{rng.choice(filters)}&page={rng.randint(1, 50)}",
        "game": lambda: f"/games/{rng.choice(ids)}/",
    }
    for name, make in pages.items():
        times = []
        for _ in range(requests):
            path = make()
            began = time.perf_counter()
            response = client.get(path, secure=True)  # debug off: the site redirects to https
            times.append((time.perf_counter() - began) * 1000)
            assert response.status_code == 200, (path, response.status_code)
        print(f"  {name:<8} p50 {statistics.median(times):6.1f} ms   "
              f"p95 {percentile(times, 0.95):6.1f} ms   max {max(times):6.1f} ms")  # fmt: skip
    sql, params = history(user, user, {"game": "german", "result": "won"})[
        :20
    ].query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = [row[0] for row in cursor.fetchall()]
    print("History query plan (filtered by game and result):")
    for line in plan:
        print("  " + line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="4-player Knockout games to analyse")
    parser.add_argument("--requests", type=int, default=200, help="requests per page kind")
    parser.add_argument("--stored", type=int, default=10_000, help="stored games for the pages")
    parser.add_argument("--no-pages", action="store_true", help="only the analysis part")
    args = parser.parse_args()
    if args.games < 1 or args.requests < 1 or args.stored < 1:
        parser.error("--games, --requests and --stored must be at least 1")
    analysis_part(args.games)
    if not args.no_pages:
        pages_part(args.stored, args.requests)


if __name__ == "__main__":
    main()
