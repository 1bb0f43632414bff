"""How many of the moves' UPDATEs of their tables are HOT for a fill factor of games_table, with
and without a snapshot held meanwhile, and what the fill factor costs in pages.

On a database of the run's own (`<DATABASE_URL's name>_bench_hot_room_<pid>`, migrated,
dropped at the end), for each fill factor of `--fill`: games_table emptied (TRUNCATE: new
pages) and set to it, `--tables` rows of a Whist table in play inserted (copies of one row,
the columns a started table has), then `--rounds` rounds of one move's UPDATE at each table
in turn (the columns a move writes, games.services.moves._move_fields, one autocommitted
statement each, as the compare-and-set writes), `--new` new tables inserted after each round
(the lobby: they land on the pages of the tables in play while an insert may). Then the same
with, from before the rounds to their end, another connection holding a REPEATABLE READ
snapshot of the same database (a long report, a dump), or one holding a transaction with an
xid (a write not yet committed) in another database (`postgres`): PostgreSQL prunes no
version made after either (the second only on access, not by VACUUM: a snapshot's bound is
the oldest xid running in any database). Counted: PostgreSQL's own n_tup_upd and
n_tup_hot_upd of the rounds; and the pages of `--size` rows inserted alone.

Run: `.venv/bin/python bench/hot_room.py [--tables 200] [--rounds 10] [--new 5]
[--fill 100,90,80,70,50] [--size 10000]`. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.capacity import DATABASE_URL  # noqa: E402
from bench.django_env import django_on, run_database  # noqa: E402

PAGE = 8192
HELD = (None, "snapshot", "xid")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--new", type=int, default=5, help="new tables after each round")
    parser.add_argument("--fill", default="100,90,80,70,50")
    parser.add_argument("--size", type=int, default=10000, help="rows inserted for the size")
    return parser.parse_args()


def main() -> None:
    args = arguments()
    url = run_database(os.environ.get("DATABASE_URL", DATABASE_URL), "bench_hot_room")
    django_on(url)
    from bench.capacity import drop_database

    try:
        print(f"{args.tables} tables in play, {args.rounds} rounds of a move at each, "
              f"{args.new} new tables a round; one row {row_bytes()} bytes")  # fmt: skip
        print("| fill factor | pages per 1,000 rows | HOT: nothing held | a snapshot here |"
              " an xid in another database |")  # fmt: skip
        print("|---|---|---|---|---|")
        for fill in (int(f) for f in args.fill.split(",")):
            pages = size(fill, args.size)
            hot = [run(fill, args, held) for held in HELD]
            print(f"| {fill} | {1000 * pages / args.size:.1f} | {' | '.join(hot)} |")
    finally:
        drop_database(url)


def row_bytes() -> int:
    from django.db import connection

    model = _model_row()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_column_size(t.*) FROM games_table t WHERE id = %s", [model])
        return cursor.fetchone()[0]


def _model_row() -> int:
    """A started Whist table's row, as a move finds it (the columns it has then)."""
    from django.utils import timezone

    from games.models import Table

    now = timezone.now()
    row = Table.objects.create(
        game="whist", players=4, status=Table.Status.PLAYING, seed=2**61, version=9,
        game_version=9, moves=1, turn_deadline=now, timer_due=now, started=now,
    )  # fmt: skip
    return row.pk


def size(fill: int, rows: int) -> int:
    """The pages of `rows` tables' rows inserted at fill factor `fill`."""
    from django.db import connection

    copied = _copied()
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_table CASCADE")
        cursor.execute(f"ALTER TABLE games_table SET (fillfactor = {fill})")
        model = _model_row()
        cursor.execute(
            f"INSERT INTO games_table ({copied}) SELECT {copied} FROM games_table,"
            f" generate_series(1, %s) WHERE id = {model}", [rows - 1],
        )  # fmt: skip
        cursor.execute("SELECT pg_relation_size('games_table')")
        return cursor.fetchone()[0] // PAGE


def _copied() -> str:
    from games.models import Table

    return ", ".join(f.column for f in Table._meta.concrete_fields if f.column != "id")


def _holder(held: str | None) -> Any:
    """A connection that holds back pruning (None: none): a snapshot of this database, or an
    xid in another one."""
    import psycopg
    from django.db import connection

    if held is None:
        return None
    params = {k: v for k, v in connection.get_connection_params().items()
              if k in ("dbname", "user", "password", "host", "port")}  # fmt: skip
    if held == "xid":
        params["dbname"] = "postgres"
    holder = psycopg.connect(**params)
    holder.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
    holder.execute("SELECT txid_current()" if held == "xid" else "SELECT 1")
    return holder


def run(fill: int, args: argparse.Namespace, held: str | None) -> str:
    """The rounds' updates, as "HOT of all"."""
    from django.db import connection

    from games.models import Table
    from games.services.moves import _move_fields

    columns = [Table._meta.get_field(n).column for n in _move_fields(False)]
    copied = _copied()
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_table CASCADE")
        cursor.execute(f"ALTER TABLE games_table SET (fillfactor = {fill})")
        model = _model_row()
        insert = (f"INSERT INTO games_table ({copied}) SELECT {copied} FROM games_table,"
                  f" generate_series(1, %s) WHERE id = {model}")  # fmt: skip
        cursor.execute(insert, [args.tables - 1])
        cursor.execute("SELECT id FROM games_table ORDER BY id")
        ids = [r[0] for r in cursor.fetchall()]
        sets = ", ".join(
            f"{c} = {c} + 1" if c != "turn_deadline" and c != "timer_due" else f"{c} = now()"
            for c in columns
        )
        update = f"UPDATE games_table SET {sets} WHERE id = %s"
        holder = _holder(held)
        before = _counts(cursor)
        for _ in range(args.rounds):
            for pk in ids:
                cursor.execute(update, [pk])
            if args.new:
                cursor.execute(insert, [args.new])
        after = _counts(cursor)
        if holder is not None:
            holder.close()
    updates, hot = after[0] - before[0], after[1] - before[1]
    return f"{hot:,} of {updates:,} ({100 * hot / updates:.0f}%)"


def _counts(cursor: object) -> tuple[int, int]:
    cursor.execute("SELECT pg_stat_force_next_flush()")  # type: ignore[attr-defined]
    cursor.execute(  # type: ignore[attr-defined]
        "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'games_table'"
    )
    return cursor.fetchone()  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
