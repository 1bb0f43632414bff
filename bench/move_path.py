"""The CPU of one move on the move path alone: `services.move_play` with its commit and
the broadcast's build (every seat's view and the spectator's, JSON-encoded once), in one
process on PostgreSQL, without sockets, Daphne or Redis.

It uses its own database, `<DATABASE_URL's name>_bench_moves` (on the server of DATABASE_URL,
default the Makefile's: `whist_bench_moves`; two checkouts with databases of their own do not
drop each other's), migrated, with `--tables` Whist tables of four users made through the
services, then plays the seat to act's first legal card at each table in turn for
`--moves` moves; only the `move_play` calls are timed (`time.process_time`: this process's
CPU), and the CPU of the PostgreSQL backend serving its connection in those calls is read
from the backend's /proc schedstat (nanoseconds on a CPU; the server must run on this
machine, else it is not printed). The channel layer is off (`CHANNEL_LAYERS = {}`): the broadcast's
event is built as on a server, and its send, which the load bench measures, is skipped.
Cost is printed in ms and in calibration shuffles (bench/engine.py's measure, taken before
and after), so that two trees' figures compare on one machine and day. The database is
dropped at the end. Figures are printed, never asserted.

Run: `.venv/bin/python bench/move_path.py [--tables 50] [--moves 3000]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
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
    parser = Parser(prog="move_path.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=50)
    parser.add_argument("--moves", type=whole_number(1), default=3000)
    return parser.parse_args()


def setup(url: str) -> None:
    django_on(url)
    from django.conf import settings

    settings.CHANNEL_LAYERS = {}


def tables(count: int) -> list[tuple[int, list]]:
    """`count` started Whist tables, each with its four users in seat order."""
    from django.contrib.auth import get_user_model

    from games import services

    user_model, made = get_user_model(), []
    for t in range(count):
        users = [user_model.objects.create(username=f"m{t}-{i}", password="!") for i in range(4)]
        created = services.table_create(users[0], "whist", players=4)
        for seat, user in enumerate(users[1:], start=1):
            services.seat_take(user, created.pk, seat)
        made.append((services.table_start(users[0], created.pk).pk, users))
    return made


def backend_cpu() -> Callable[[], float]:
    """Seconds on a CPU so far of the PostgreSQL backend of this thread's connection (0.0
    if its /proc entry cannot be read: a server elsewhere)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    stat = Path(f"/proc/{pid}/schedstat")

    def read() -> float:
        try:
            return int(stat.read_text().split()[0]) / 1e9
        except (OSError, ValueError, IndexError):
            return 0.0

    return read


def play(made: list[tuple[int, list]], moves: int) -> tuple[list[float], float]:
    """CPU seconds of each `move_play`, tables taken in turn (finished ones dropped), and
    the PostgreSQL backend's CPU seconds in all of them."""
    from games import services
    from games.engine.views import seat_view
    from games.gamestate import state_for
    from games.models import Table

    spent, playing, backend, served = [], list(made), backend_cpu(), 0.0
    while len(spent) < moves and playing:
        for table_id, users in list(playing):
            table = Table.objects.get(pk=table_id)
            state = state_for(table) if table.status == Table.Status.PLAYING else None
            if state is None or state.over:
                playing.remove((table_id, users))
                continue
            legal = seat_view(state, state.to_act)["legal"][0]
            event = {k: v for k, v in legal.items() if k != "seat"}
            served -= backend()
            start = time.process_time()
            services.move_play(table_id, event, table.version, user=users[state.to_act])
            spent.append(time.process_time() - start)
            served += backend()
            if len(spent) >= moves:
                break
    return spent, served


def main() -> None:
    args = arguments()
    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = database_url(base, f"{urlsplit(base).path.strip('/') or 'whist'}_bench_moves")
    shuffles = [calibration(2.0)]
    setup(url)
    try:
        made = tables(args.tables)
        play(made, min(200, args.moves))  # warm: imports, caches, the states in memory
        spent, served = play(made, args.moves)
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(url)
    shuffles.append(calibration(2.0))
    per_second = statistics.mean(shuffles)
    mean, median = statistics.mean(spent), statistics.median(spent)
    print(f"move_path.py: {len(spent)} moves at {args.tables} Whist tables, from {ROOT}")
    print(f"CPU per move_play (commit and broadcast build): mean {1000 * mean:.3f} ms, "
          f"median {1000 * median:.3f} ms")  # fmt: skip
    print(f"in calibration shuffles ({per_second:,.0f} per second, before and after): "
          f"mean {mean * per_second:.0f}, median {median * per_second:.0f}")  # fmt: skip
    if served > 0:
        per_move = served / len(spent)
        print(f"PostgreSQL backend CPU per move_play: mean {1000 * per_move:.3f} ms, "
              f"{per_move * per_second:.0f} shuffles")  # fmt: skip


if __name__ == "__main__":
    main()
