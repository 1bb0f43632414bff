"""What a move's locked transaction costs, part by part, against a compare-and-set write: the
CPU of this thread and of the PostgreSQL backend serving it (docs/benchmarks.md, "2026-12-06
(third session)").

On the migrated bench database of bench/move_path.py (`<DATABASE_URL's name>_bench_lock`,
dropped at the end; one started Whist table of four), each part is called `--calls` times
in rounds that alternate the parts; the least of the rounds is printed per call, in µs and
in shuffles of a calibration taken on this thread's CPU clock (`time.thread_time`, before
and after), for this thread and for the backend (its /proc schedstat):

- tx: BEGIN, `SELECT 1`, COMMIT (Django's `transaction.atomic()`), the frame of the others;
- lock: the table's row lock alone (games/services/move_sql.py `locked`), in a transaction;
- seats: the seats with their users, open sockets and bans alone (games/reads/queries.py
  `table_seats`), in a transaction;
- locked: both, as every change takes them (games/services/moves.py `lock_table`);
- one message: both in one message of the simple query protocol (the row lock, then the
  seats with a snapshot of their own), the cut tried and not kept;
- locked write: `lock_table` and the table's version bumped, in one transaction (a move's
  shape, without its INSERT);
- cas write: the version bumped in autocommit by one `UPDATE ... WHERE id = %s AND version =
  %s` (a compare-and-set against the version the process holds), without lock or seats;
- move locked, move cas: a whole `move_play` (its checks, commit and the broadcast's build,
  without a channel layer) by the locked path (nothing held) and by the compare-and-set of
  games/services/move_cas.py (the version held, as after the move before), at tables of
  four humans (a finished one replaced outside the timing); how many of the latter's moves
  took the locked path is printed (a table's first and last moves do).

Also printed per call: the WAL bytes it wrote (pg_current_wal_insert_lsn around it: a count
that the machine's load does not change), and at the end how many of the table's row
updates were HOT (no index touched: pg_stat_user_tables).

Figures are printed, never asserted.

Run: `.venv/bin/python bench/move_lock.py [--calls 1000] [--rounds 4] [--parts "move cas,tx"]`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from arguments import Parser, whole_number  # noqa: E402
from capacity import DATABASE_URL, database_url, drop_database  # noqa: E402
from engine import calibration  # noqa: E402
from move_path import backend_cpu, setup, tables  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = Parser(prog="move_lock.py", description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=whole_number(1), default=1000, help="calls per round")
    parser.add_argument("--rounds", type=whole_number(1), default=4)
    parser.add_argument("--parts", default="", help="the parts to time, by name, comma-separated "
                        "(default: all)")  # fmt: skip
    return parser.parse_args()


def wal() -> int:
    """Where PostgreSQL's next WAL record goes, in bytes from the start."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn")
        return int(cursor.fetchone()[0])


def hot_updates() -> str:
    """The table rows' updates so far and how many of them were HOT."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
        cursor.execute("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables"
                       " WHERE relname = 'games_table'")  # fmt: skip
        updated, hot = cursor.fetchone()
    return f"games_table: {updated} row updates, {hot} HOT"


def parts(table_id: int) -> dict[str, Callable[[], None]]:
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction
    from django.db.backends.postgresql.base import Cursor

    from games.models import Seat, Table
    from games.reads import queries, rows
    from games.services import move_sql
    from games.services.moves import lock_table

    lock_sql = f"SELECT {rows.columns(Table, 't')} FROM games_table t WHERE t.id = %s FOR UPDATE"

    def seats_built(found: list) -> list:
        """The seats of their rows, as queries.table_seats builds them."""
        seat_plan, user_plan = rows.plan(Seat), rows.plan(get_user_model())
        built = []
        for row in found:
            seat = seat_plan.build(row)
            seat.open_sockets = row[seat_plan.size]
            seat.user = user_plan.build(row, seat_plan.size + 1) if seat.user_id else None
            seat.user_banned = bool(row[-1])
            built.append(seat)
        return built

    def tx() -> None:
        with transaction.atomic():
            rows.fetch("SELECT 1", [])

    def lock() -> None:
        with transaction.atomic():
            move_sql.locked(Table, table_id)

    def seats() -> None:
        with transaction.atomic():
            queries.table_seats(table_id)

    def locked() -> None:
        with transaction.atomic():
            lock_table(table_id)

    def one_message() -> None:
        with transaction.atomic():
            raw = connection.connection
            factory, raw.cursor_factory = raw.cursor_factory, Cursor  # psycopg's ClientCursor
            try:
                cursor = connection.cursor()
            finally:
                raw.cursor_factory = factory
            seats_sql, params = queries._seats_sql(), [rows.now_param(), table_id]
            with cursor:
                cursor.execute(f"{lock_sql}; {seats_sql}", [table_id, *params])
                found = cursor.fetchall()
                cursor.nextset()
                rows.plan(Table).build(found[0])
                seats_built(cursor.fetchall())

    def locked_write() -> None:
        with transaction.atomic():
            table, _seats = lock_table(table_id)
            table.version += 1
            move_sql.update(table, ["version"])

    def cas_write() -> None:
        version = Table.objects.values_list("version", flat=True).get(pk=table_id)
        sql = "UPDATE games_table SET version = %s WHERE id = %s AND version = %s"
        written = wal()
        timed = time.thread_time(), backend()
        with connection.cursor() as cursor:
            cursor.execute(sql, [version + 1, table_id, version])
        spent[0] += time.thread_time() - timed[0]
        spent[1] += backend() - timed[1]
        spent[2] += wal() - written

    backend, spent = backend_cpu(), [0.0, 0.0, 0.0]
    cas_write.spent = spent  # type: ignore[attr-defined]
    return {"tx": tx, "lock": lock, "seats": seats, "locked": locked,
            "one message": one_message, "locked write": locked_write,
            "cas write": cas_write, **moves(backend)}  # fmt: skip


def moves(backend: Callable[[], float]) -> dict[str, Callable[[], None]]:
    """A whole `move_play` (checks, commit, the broadcast's build; no channel layer) at a
    table of four humans, by the locked path (nothing held: games/held.py emptied first)
    and by the compare-and-set (games/services/move_cas.py: the version held, as after the
    move before). A finished table is replaced by a new one, outside the timing."""
    from games import held, services
    from games.engine import action_from_event, apply
    from games.engine.views import seat_view
    from games.gamestate import state_for
    from games.models import Table
    from games.services import move_cas

    at, made, missed, held_state = [], [0], [0], [None]
    attempt = move_cas.play

    def counted(*args: object, **kwargs: object) -> object:
        held_state[0] = attempt(*args, **kwargs)  # type: ignore[arg-type]
        return held_state[0]

    move_cas.play = counted  # type: ignore[assignment]

    def next_move() -> tuple:
        while True:
            if not at:
                made[0] += 1
                at.append(_table(f"cas{made[0]}"))
            table_id, users = at[0]
            table = Table.objects.get(pk=table_id)
            state = state_for(table) if table.status == Table.Status.PLAYING else None
            if state is not None and not state.over:
                break
            at.clear()
        legal = seat_view(state, state.to_act)["legal"][0]
        event = {k: v for k, v in legal.items() if k != "seat"}
        last = apply(state, action_from_event(legal)).over  # its record: timed by neither
        return table_id, event, table.version, users[state.to_act], last

    def timed(keep: bool) -> Callable[[], None]:
        spent = [0.0, 0.0, 0.0]

        def run() -> None:
            table_id, event, version, user, last = next_move()
            while last:
                services.move_play(table_id, event, version, user=user)
                table_id, event, version, user, last = next_move()
            if not keep:
                held.clear()
            written = wal()
            start = time.thread_time(), backend()
            found = services.move_play(table_id, event, version, user=user)
            spent[0] += time.thread_time() - start[0]
            spent[1] += backend() - start[1]
            spent[2] += wal() - written
            missed[0] += keep and found is not held_state[0]

        run.spent = spent  # type: ignore[attr-defined]
        return run

    moves_run = {"move locked": timed(False), "move cas": timed(True)}
    moves_run["move cas"].missed = missed  # type: ignore[attr-defined]
    return moves_run


def _table(name: str) -> tuple[int, list]:
    from django.contrib.auth import get_user_model

    from games import services

    user_model = get_user_model()
    users = [user_model.objects.create(username=f"{name}-{i}", password="!") for i in range(4)]
    created = services.table_create(users[0], "whist", players=4)
    for seat, user in enumerate(users[1:], start=1):
        services.seat_take(user, created.pk, seat)
    return services.table_start(users[0], created.pk).pk, users


def main() -> None:
    args = arguments()
    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = database_url(base, f"{urlsplit(base).path.strip('/') or 'whist'}_bench_lock")
    shuffles = [calibration(2.0, time.thread_time)]
    setup(url)
    best: dict[str, tuple[float, float]] = {}
    written: dict[str, float] = {}
    chosen = [name.strip() for name in args.parts.split(",") if name.strip()]
    timed_parts: dict[str, Callable[[], None]] = {}
    try:
        ((table_id, _users),) = tables(1)
        backend, timed = backend_cpu(), parts(table_id)
        unknown = sorted(set(chosen) - set(timed))
        if unknown:
            raise SystemExit(f"move_lock.py: no part {unknown[0]!r}; the parts: {', '.join(timed)}")
        timed = {name: run for name, run in timed.items() if not chosen or name in chosen}
        timed_parts.update(timed)
        for run in timed.values():
            for _ in range(50):  # warm: prepared statements, plans
                run()
        for _ in range(args.rounds):
            for name, run in timed.items():
                spent = getattr(run, "spent", None)
                if spent is not None:  # timed inside: its version's read is not the part
                    spent[:] = [0.0, 0.0, 0.0]
                at = wal()
                start, served = time.thread_time(), backend()
                for _ in range(args.calls):
                    run()
                own = (time.thread_time() - start) / args.calls
                other = (backend() - served) / args.calls
                written[name] = (wal() - at) / args.calls
                if spent is not None:
                    own, other = spent[0] / args.calls, spent[1] / args.calls
                    written[name] = spent[2] / args.calls
                low = best.get(name, (own, other))
                best[name] = (min(low[0], own), min(low[1], other))
        updates = hot_updates()
    finally:
        drop_database(url)
    shuffles.append(calibration(2.0, time.thread_time))
    per_second = sum(shuffles) / len(shuffles)
    load = os.getloadavg()[0]
    print(f"move_lock.py: least of {args.rounds} rounds of {args.calls} calls, from {ROOT}; "
          f"calibration {per_second:,.0f} shuffles per thread CPU second; "
          f"load {load:.1f}")  # fmt: skip
    print(f"{'part':<14}{'this thread':>22}{'PostgreSQL backend':>24}{'both':>10}"
          f"{'WAL bytes':>11}")  # fmt: skip
    missed = getattr(timed_parts.get("move cas"), "missed", [0])[0]
    print(f"move cas: {missed} of {args.rounds * args.calls + 50} moves took the locked path"
          " (a table's first)")  # fmt: skip
    for name, (own, other) in best.items():
        print(f"{name:<14}{1e6 * own:>9.1f} µs {own * per_second:>6.1f} shuf"
              f"{1e6 * other:>11.1f} µs {other * per_second:>6.1f} shuf"
              f"{(own + other) * per_second:>10.1f}{written[name]:>11.0f}")  # fmt: skip
    print(updates)


if __name__ == "__main__":
    main()
