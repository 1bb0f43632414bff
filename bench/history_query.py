"""A player's history query with practice games kept apart (records.selectors.history) against
the query before it (no practice filter): PostgreSQL's own execution time of the count the
paginator runs and of one page of 20 rows, by EXPLAIN ANALYZE, the two alternated; then each
query's plan (its nodes and indexes, which the machine's load does not change).

Its own database, `whist_bench_history` (on the server of DATABASE_URL), migrated, with
10,000 finished games of one player stored in bulk (bench/records.py's German Whist record),
vacuumed as a live table is; dropped at the end. Figures are printed, never asserted; the
calibration (shuffles of 52 cards a second, bench/engine.py) is printed beside them.
Run: `.venv/bin/python bench/history_query.py [--stored 10000] [--rounds 11]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from capacity import drop_database  # noqa: E402
from django_env import bench_database, django_on  # noqa: E402
from engine import calibration  # noqa: E402


def bot_game(game: str, players: int, seed: int) -> dict[str, Any]:
    """bench/records.py's game played by Club bots, loaded under another name: `records` is
    the app's."""
    spec = importlib.util.spec_from_file_location("bench_records", HERE / "records.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.bot_game(game, players, seed)


BENCH_DATABASE = "whist_bench_history"


def measure(stored: int, rounds: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from records.models import GamePlayer
    from records.selectors import history
    from tests.records.factories import store_many

    user = get_user_model().objects.create_user("ann", password="x" * 12)
    store_many(user, stored, bot_game("german", 2, 5))
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")  # as autovacuum leaves a live table: visibility map set
    before = GamePlayer.objects.filter(user=user).select_related("record")
    cases = {"before": before.order_by("-finished", "-record_id"), "after": history(user, user)}

    def executed(sql: str, params: Any) -> float:
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)
            return cursor.fetchone()[0][0]["Execution Time"]

    def plan(sql: str, params: Any) -> str:
        """The plan's nodes, outermost first, each with its index or table."""
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN (FORMAT JSON) " + sql, params)
            nodes, names = [cursor.fetchone()[0][0]["Plan"]], []
        while nodes:
            node = nodes.pop(0)
            on = node.get("Index Name") or node.get("Relation Name")
            names.append(node["Node Type"] + (f" ({on})" if on else ""))
            nodes += node.get("Plans", [])
        return " > ".join(names)

    queries = ("count", "page")
    times: dict[tuple[str, str], list[float]] = {(k, q): [] for k in cases for q in queries}
    sql: dict[tuple[str, str], tuple[str, Any]] = {}
    for name, rows in cases.items():
        with CaptureQueriesContext(connection) as counted:
            rows.count()
        sql[(name, "count")] = (counted.captured_queries[-1]["sql"], [])
        sql[(name, "page")] = rows[400:420].query.sql_with_params()
    for n in range(rounds):
        for name in cases if n % 2 == 0 else reversed(cases):
            for query in queries:
                times[(name, query)].append(executed(*sql[(name, query)]))
    print(f"{stored:,} stored games of one player; calibration {calibration(1.0):,.0f} shuffles/s")
    for (name, query), values in times.items():
        print(f"  {name:<7}{query:<6} median {statistics.median(values):6.2f} ms   "
              f"min {min(values):6.2f} ms   max {max(values):6.2f} ms")  # fmt: skip
    for (name, query), (text, params) in sql.items():
        print(f"  {name:<7}{query:<6} {plan(text, params)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stored", type=int, default=10_000, help="stored games of the player")
    parser.add_argument("--rounds", type=int, default=11, help="alternated runs of each query")
    args = parser.parse_args()
    if args.stored < 1 or args.rounds < 1:
        parser.error("--stored and --rounds must be at least 1")
    url = bench_database(BENCH_DATABASE)
    try:
        django_on(url)
        measure(args.stored, args.rounds)
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
