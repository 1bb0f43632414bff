"""The move path's cost in this process, three ways: machine instructions under callgrind
(the default: the machine's load does not change them), this thread's CPU in calibration
shuffles (`--cpu`), or cProfile's functions (`--profile`: which Python owns the cost).
What is measured is bench/move_path.py's: `services.move_play` by the compare-and-set path,
its commit and the broadcast's build (every seat's view and the spectator's, JSON-encoded
once), the channel layer off; PostgreSQL's backend is not counted.

The bench makes its own database (`<DATABASE_URL's name>_bench_moves_cost_<its pid>`: two runs
on one URL do not drop each other's; a killed run's is dropped by the next) with `--tables`
Whist tables of four users, as bench/move_path.py does, and a socket open at every seat, as
in the load bench (so no turn's notice to an absent player, which no load bench's move
makes); no timer runs in a thread beside the moves (their CPU would be counted). Then it
plays the seat to act's first legal card at each table in turn, `--warm` rounds uncounted
(the states and held rows in memory, as on a server), then `--moves` moves, with the code
of `--root` (another checkout, e.g. a copy of main, beside this one's).

Instructions: a child process under `valgrind --tool=callgrind --collect-atstart=no
--toggle-collect=functools_reduce` plays, each counted `move_play` alone inside
`functools.reduce`, the one C function callgrind counts in (nothing on the move path
calls it: a nested call would show as `functools_reduce'2`, and the bench stops); the
calibration is bench/engine.py's shuffle counted as bench/engine_instructions.py counts
it. Under valgrind, instructions make a shuffle dearer against Python's other work than
the clock does: compare instructions with instructions, shuffles with `--cpu`'s.
`--cpu`: each `move_play` timed by `time.thread_time`, the calibration by the same clock
before and after (bench/engine.py's, 2 s each). The database is dropped at the end.
Figures are printed, never asserted.

Run: `.venv/bin/python bench/move_cost.py [--tables 20] [--warm 2] [--moves 200]
[--root DIR] [--cpu | --profile] [--keep FILE]`.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import reduce
from itertools import cycle, islice
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench")]

from arguments import Parser, whole_number  # noqa: E402

GATE = "functools_reduce"


def arguments() -> argparse.Namespace:
    parser = Parser(prog="move_cost.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=20)
    parser.add_argument("--warm", type=whole_number(1), default=2, help="rounds uncounted")
    parser.add_argument("--moves", type=whole_number(1), default=200)
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose code runs")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--cpu", action="store_true", help="thread CPU in shuffles, no valgrind")
    mode.add_argument("--profile", action="store_true", help="cProfile, no valgrind")
    parser.add_argument("--keep", type=Path, help="keep callgrind's output in this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the database's URL
    return parser.parse_args()


def quiet_settings() -> None:
    from django.conf import settings

    settings.CHANNEL_LAYERS = {}  # the broadcast's event is built, its send skipped
    settings.WHIST_THREAD_TIMERS = False  # no turn timer runs in a thread beside the moves


def sockets(made: list[tuple[int, list]]) -> None:
    """A socket open at every seat of the tables `made`."""
    from django.utils import timezone

    from games.models import Presence, Seat

    now = timezone.now()
    seats = Seat.objects.filter(table_id__in=[t for t, _ in made])
    Presence.objects.bulk_create(
        Presence(seat=s, channel=f"bench-{s.pk}", seen=now, process="bench") for s in seats
    )


def moves(tables: int, warm: int, count: int) -> Iterator[Callable[[], None]]:
    """After `warm` rounds of the tables in play, `count` moves, each a call of
    `move_play` (the table, its state and the card chosen before it is yielded)."""
    from games import services
    from games.engine.views import seat_view
    from games.gamestate import state_for
    from games.models import Seat, Table

    ids = Table.objects.filter(status=Table.Status.PLAYING).order_by("pk")[:tables]
    users = {t: [s.user for s in Seat.objects.filter(table_id=t).order_by("index")]
             for t in ids.values_list("pk", flat=True)}  # fmt: skip

    def turn(table_id: int) -> Callable[[], None]:
        table = Table.objects.get(pk=table_id)
        state = state_for(table)
        legal = seat_view(state, state.to_act)["legal"][0]
        event = {k: v for k, v in legal.items() if k != "seat"}
        user = users[table_id][state.to_act]

        def move() -> None:
            services.move_play(table_id, event, table.version, user=user)

        return move

    for _ in range(warm):
        for table_id in users:
            turn(table_id)()
    for table_id in islice(cycle(users), count):
        yield turn(table_id)


def _gated(_: None, move: Callable[[], None]) -> None:
    move()


def child(url: str, args: argparse.Namespace) -> None:
    """The process valgrind runs: each counted move inside `reduce`."""
    from django_env import django_on

    django_on(url, migrate=False)
    quiet_settings()
    for move in moves(args.tables, args.warm, args.moves):
        reduce(_gated, [move], None)


def instructions(root: Path, url: str, args: argparse.Namespace) -> int:
    """Instructions of the counted moves, under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            "--collect-atstart=no", f"--toggle-collect={GATE}",
            sys.executable, __file__, "--child", url, "--root", str(root),
            "--tables", str(args.tables), "--warm", str(args.warm), "--moves", str(args.moves),
        ]  # fmt: skip
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run(command, env=env, check=True, capture_output=True, cwd=root)
        text = out.read_text()
        if args.keep:
            args.keep.write_text(text)
        if f"{GATE}'2" in text:
            sys.exit(f"move_cost.py: {GATE} is called inside a move: the count is wrong")
        found = re.search(r"^(?:summary|totals): (\d+)", text, re.MULTILINE)
        assert found, "no totals in callgrind's output"
        return int(found.group(1))


def cpu(args: argparse.Namespace) -> tuple[list[float], float]:
    """Thread CPU seconds of each counted move, and calibration shuffles per thread second."""
    from engine import calibration

    shuffles = [calibration(2.0, time.thread_time)]
    spent = []
    for move in moves(args.tables, args.warm, args.moves):
        start = time.thread_time()
        move()
        spent.append(time.thread_time() - start)
    shuffles.append(calibration(2.0, time.thread_time))
    return spent, statistics.mean(shuffles)


def profile(args: argparse.Namespace) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile(time.thread_time)  # this thread's CPU, not the wall's
    for move in moves(args.tables, args.warm, args.moves):
        profiler.enable()
        move()
        profiler.disable()
    stats = pstats.Stats(profiler).strip_dirs()
    stats.sort_stats("tottime").print_stats(40)
    stats.sort_stats("cumulative").print_stats(90)


def main() -> None:
    args = arguments()
    root = args.root.resolve()
    sys.path[:0] = [str(root), str(root / "bench")]
    if args.child:
        child(args.child, args)
        return
    from capacity import DATABASE_URL, drop_database
    from django_env import django_on, run_database
    from engine_instructions import SHUFFLES
    from engine_instructions import instructions as counted
    from move_path import tables

    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = run_database(base, "bench_moves_cost")
    django_on(url)
    quiet_settings()
    result: Any = None
    try:
        sockets(tables(args.tables))
        if args.profile:
            profile(args)
        elif args.cpu:
            result = cpu(args)
        else:
            from django.db import connections

            connections.close_all()
            result = instructions(root, url, args)
    finally:
        drop_database(url)
    head = f"move_cost.py: {args.moves} moves at {args.tables} Whist tables after {args.warm}"
    print(f"{head} rounds uncounted, code of {root}")
    if args.cpu:
        spent, per_second = result
        mean, median = statistics.mean(spent), statistics.median(spent)
        print(f"thread CPU per move_play (commit and broadcast build): mean "
              f"{1e6 * mean:,.0f} µs, median {1e6 * median:,.0f} µs")  # fmt: skip
        mean, median = mean * per_second, median * per_second
        print(f"in calibration shuffles ({per_second:,.0f} per thread second, before and "
              f"after): mean {mean:.1f}, median {median:.1f}")  # fmt: skip
    elif not args.profile:
        shuffle = counted(root, "shuffle", 0, SHUFFLES) / SHUFFLES
        per_move = result / args.moves
        print(f"instructions per move_play (commit and broadcast build): {per_move:,.0f}; "
              f"{per_move / shuffle:.1f} calibration shuffles in instructions "
              f"({shuffle:,.0f} a shuffle)")  # fmt: skip


if __name__ == "__main__":
    main()
