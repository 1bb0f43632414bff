"""Live play under load: T tables of P human sockets on the real stack, timed from act to views.

Starts its own stack on 127.0.0.1 only: a Redis server on a spare port, a database of its
own (`whist_load`, on the PostgreSQL server of DATABASE_URL, default the Makefile's) that is
dropped at the end, N Daphne processes and M Celery workers. It creates T tables of P
seats (H humans, the rest bots), opens one WebSocket per human seat (a table's sockets
spread over the Daphne processes; each table's from an address of its own on 127/8, as a
household's), and each human plays a random legal action about
`--think` seconds after its turn comes. A finished table is replaced by a new one.

Printed, never asserted: moves/s; p50/p95/p99/max from a player's `act` to the moment
every human seat of that table holds the new state; version gaps (a socket saw v, then
more than v + 1); error frames by code; moves lost (no answer in 10 s); CPU seconds per
move of each kind of process (PostgreSQL counts the whole server); memory per open socket
(Daphne's resident memory growth while the sockets open, per socket). `--hostile K` adds
K sockets of users without a seat that send refused moves at the rate limit to the first
tables; their tables' latencies are printed apart from the others'.

Every CPU figure is also given in calibration shuffles (bench/engine.py's measure, taken
before and after the run), and a plain run (no hostile or lobby mode) then plays the same
sockets on the bare relay (bench/bare_relay.py: Daphne, Channels and Redis relaying a state
of the same mean size, and nothing else) and prints the site's cost over the bare stack's
(`--no-bare` skips it).

Run: `.venv/bin/python bench/load.py [--tables 10] [--players 4] [--game whist]
[--think 2] [--seconds 30] [--daphne 1] [--workers 1] [--bots 0] [--hostile 0]
[--layer core|pubsub]
[--hostile-kind refused|table-resync|lobby-resync|lobby-ping|frame-flood]
[--lobby-idle N --lobby-tables 100] [--storm]` (or `make bench-load`); the lobby options
are bench/load_lobby.py's, the storm bench/load_storm.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(BENCH), str(ROOT)]

from engine import calibration  # noqa: E402
from load_clients import Player, Stats, TableClock, hostile  # noqa: E402
from load_lobby import (  # noqa: E402
    add_arguments,
    alternate,
    last_error,
    lobby_idle,
    report_flood,
    start_resync_flood,
)
from load_report import report  # noqa: E402
from load_stack import (  # noqa: E402
    Stack,
    cpu,
    household,
    own_cpu,
    postgres_processes,
    thread_cpu,
)
from load_storm import report_storm, storm  # noqa: E402
from tail_probe import Probe, close_window, open_window  # noqa: E402

from bench.arguments import Parser, whole_number  # noqa: E402

LAYERS = ("core", "pubsub")  # WHIST_CHANNEL_LAYER (whistsite/settings/)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"want seconds between 0 and 3600, not {text!r}")
    return value


def arguments() -> argparse.Namespace:
    parser = Parser(prog="load.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=10)
    parser.add_argument("--players", type=whole_number(2), default=4, help="seats per table")
    parser.add_argument("--game", choices=["knockout", "whist", "german"], default="whist")
    parser.add_argument("--bots", type=whole_number(0), default=0, help="bot seats per table")
    parser.add_argument("--level", choices=["beginner", "club", "expert"], default="beginner")
    parser.add_argument("--think", type=_seconds, default=2.0, help="seconds before a move")
    parser.add_argument("--seconds", type=_seconds, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=_seconds, default=5.0)
    parser.add_argument("--daphne", type=whole_number(1), default=1, help="Daphne processes")
    parser.add_argument("--workers", type=whole_number(1), default=1, help="Celery workers")
    parser.add_argument("--hostile", type=whole_number(0), default=0, help="hostile sockets")
    parser.add_argument(
        "--attacked", type=whole_number(1), default=None, help="tables the hostile sockets watch "
        "(default: as many as hostile sockets); the others' latencies are the quiet ones"
    )  # fmt: skip
    parser.add_argument("--layer", choices=LAYERS, default="pubsub")
    parser.add_argument(
        "--bare", action=argparse.BooleanOptionalAction, default=True,
        help="after the run, the same sockets on a consumer that only relays (bench/bare_relay.py),"
        " and the site's cost over it (plain runs only)",
    )  # fmt: skip
    add_arguments(parser, whole_number)  # bench/load_lobby.py: idle lobby viewers, floods
    parser.add_argument("--storm", action="store_true",
                        help="make every table first, then open every socket at once "
                        "(bench/load_storm.py)")  # fmt: skip
    parser.add_argument(
        "--probe",
        action="store_true",
        help="Daphne under bench/probed_daphne.py: print the measured window's "
        "collector pauses, loop lag and pool queue waits (bench/tail_probe.py)",
    )
    parser.add_argument(
        "--clients-gc", choices=["freeze", "python"], default="freeze",
        help="freeze: once every socket is open, the bench's own process freezes what it holds "
        "(its Django, the sockets), so that its collector's full collections, a pause in every "
        "client's reading, do not walk it; python: its collector as Python has it",
    )  # fmt: skip
    args = parser.parse_args()
    if args.game == "whist" and args.players != 4 or args.game == "german" and args.players != 2:
        parser.error(f"{args.game} is for {4 if args.game == 'whist' else 2} players")
    if args.bots >= args.players:
        parser.error("at least one seat per table must be a human (--bots < --players)")
    return args


class Room:
    """Users, sessions and tables, made through the services (in this process's ORM)."""

    def __init__(self, args: argparse.Namespace) -> None:
        from django.contrib.auth import get_user_model

        self.args, self.User, self.made = args, get_user_model(), 0
        self.lock = threading.Lock()  # tables are made in several threads at once

    def users(self, count: int) -> list[tuple[Any, str]]:
        """`count` new users, each with a logged-in session cookie."""
        from django.conf import settings
        from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
        from django.contrib.sessions.backends.db import SessionStore

        with self.lock:
            start, self.made = self.made, self.made + count
        users = self.User.objects.bulk_create(
            self.User(username=f"load{i}", password="!", display_name=f"Load {i}")
            for i in range(start, start + count)
        )
        out = []
        for user in users:
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]  # axes comes first
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            out.append((user, f"{settings.SESSION_COOKIE_NAME}={session.session_key}"))
        return out

    def table(self) -> tuple[int, list[tuple[int, str]]]:
        """A started table; (its id, [(seat, cookie)] of its human seats)."""
        from games import services

        args = self.args
        humans = self.users(args.players - args.bots)
        levels = [None] * len(humans) + [args.level] * args.bots
        table = services.table_create(
            humans[0][0], args.game, players=args.players, bot_levels=levels
        )
        for seat, (user, _cookie) in enumerate(humans[1:], start=1):
            services.seat_take(user, table.pk, seat)
        services.table_start(humans[0][0], table.pk)
        return table.pk, [(seat, cookie) for seat, (_user, cookie) in enumerate(humans)]

    def query(self, seat: int) -> str:
        return ""


class BareRoom:
    """The bare relay's tables: numbers, and the human seats of a real table of the run."""

    def __init__(self, args: argparse.Namespace, size: int) -> None:
        self.args, self.size, self.made = args, size, 0

    def table(self) -> tuple[int, list[tuple[int, str]]]:
        self.made += 1
        return self.made, [(seat, "") for seat in range(self.args.players - self.args.bots)]

    def query(self, seat: int) -> str:
        humans = self.args.players - self.args.bots
        return f"?seat={seat}&players={humans}&size={self.size}"


async def play(stack: Stack, room: Room | BareRoom, stats: Stats) -> dict[str, Any]:
    """Open the tables' sockets, warm up, measure, and return the figures of the window."""
    args, rng = stack.args, random.Random(1)
    ports = [port for port, _ in stack.daphnes]
    sockets = {"count": 0}
    first: list[tuple[int, int]] = []  # (resident bytes, sockets) once the first table is open

    def resident() -> int:
        return sum(p.memory_info().rss for _, p in stack.daphnes)

    async def table_loop(index: int, attacked: bool) -> None:
        while True:
            table_id, seats = await asyncio.to_thread(room.table)
            clock = TableClock(len(seats), stats, attacked)
            players = []
            for seat, cookie in seats:
                port = ports[(index + seat) % len(ports)]
                url = f"ws://127.0.0.1:{port}/ws/table/{table_id}/{room.query(seat)}"
                players.append(Player(url, cookie, seat, clock, args.think, rng, household(index)))
            readies = [asyncio.Event() for _ in players]
            tasks = [asyncio.create_task(p.run(r)) for p, r in zip(players, readies, strict=True)]
            await asyncio.gather(*(r.wait() for r in readies))
            sockets["count"] += len(players)
            if not first:
                first.append((resident(), sockets["count"]))  # warm: imports, caches, pools
            if sockets["count"] >= args.tables * len(seats):
                opened.set()
            if attacked:
                attacks.append((table_id, seats))
            live.add(clock)
            await clock.over.wait()
            live.discard(clock)
            for task in tasks:
                task.cancel()

    async def watch_lost() -> None:  # one timer for every table, not one a table
        while True:
            await asyncio.sleep(0.5)
            for clock in live:
                clock.check_lost()

    opened, attacks, live = asyncio.Event(), [], set()
    attacked = min(args.attacked or args.hostile, args.hostile, args.tables)
    if args.hostile_kind in ("lobby-resync", "lobby-ping"):
        attacked = 0  # the lobby flood watches no table: every table is another table
    loops = [asyncio.create_task(table_loop(i, i < attacked))
             for i in range(args.tables)]  # fmt: skip
    watcher = asyncio.create_task(watch_lost())
    await until_open(opened, loops, sockets, stack)
    if args.clients_gc == "freeze":  # the clients' own full collections walk none of it
        gc.collect()
        gc.freeze()
    await asyncio.sleep(1.0)
    grown = sockets["count"] - first[0][1]
    rss = (resident() - first[0][0]) / grown if grown else float("nan")
    stop = asyncio.Event()
    flood = flooded = None
    if args.hostile and args.hostile_kind != "refused":  # quiet and flood windows alternate
        users = await asyncio.to_thread(room.users, args.hostile)
        flood = start_resync_flood(args, ports, users, attacks, household)
    elif args.hostile:
        await hostile_sockets(args, ports, room, attacks, stats, stop)
    await asyncio.sleep(args.warmup)
    daphnes = [p for _, p in stack.daphnes]
    watched = daphnes, stack.workers, [stack.redis_process], postgres_processes()
    before, clock0 = [cpu(group) for group in watched], time.perf_counter()
    clients0, threads0 = own_cpu(), thread_cpu(daphnes)
    if args.probe:
        open_window(daphnes, stack.probe)
    stats.measuring = True
    if flood is None:
        await asyncio.sleep(args.seconds)
    else:
        flooded = await alternate(flood, stats, args.seconds, resident)
    stats.measuring = False
    elapsed = time.perf_counter() - clock0
    if args.probe:
        await asyncio.to_thread(close_window, daphnes, stack.tmp, stack.probe)
    spent = [cpu(group) - b for group, b in zip(watched, before, strict=True)]
    spent.append(own_cpu() - clients0)
    threads = [after - b for after, b in zip(thread_cpu(daphnes), threads0, strict=True)]
    stop.set()
    if flood is not None:
        await asyncio.to_thread(flood.finish, stats, flooded["windows"])
    for task in [*loops, watcher]:
        task.cancel()
    return {"elapsed": elapsed, "cpu": spent, "threads": threads, "rss": rss,
            "sockets": sockets["count"],
            "flood": flooded, "flood_cpu": flood.cpu if flood else None,
            "flood_cuts": flood.cuts if flood else None}  # fmt: skip


async def probed(stack: Stack, room: Room | BareRoom, stats: Stats) -> dict[str, Any]:
    """`play` with the clients' own probe on this loop (bench/tail_probe.py)."""
    stack.probe.install(asyncio.get_running_loop())
    return await play(stack, room, stats)


async def until_open(opened: asyncio.Event, loops: list[asyncio.Task], sockets: dict[str, int],
                     stack: Stack) -> None:  # fmt: skip
    """Wait until every table's sockets are open; a table that could not be made or opened
    ends the run at once, saying why (not a silent wait of 600 s)."""
    waiter = asyncio.create_task(opened.wait())
    await asyncio.wait([waiter, *loops], timeout=600, return_when=asyncio.FIRST_COMPLETED)
    if opened.is_set():
        return
    waiter.cancel()
    failed = [t.exception() for t in loops if t.done() and not t.cancelled() and t.exception()]
    why = repr(failed[0]) if failed else "600 s passed"
    raise SystemExit(f"load.py: {sockets['count']} sockets open, then {why}; "
                     f"Daphne's log ends: {last_error(stack)}")  # fmt: skip


async def hostile_sockets(
    args: argparse.Namespace, ports: list[int], room: Room, attacks: list, stats: Stats,
    stop: asyncio.Event,
) -> None:  # fmt: skip
    users = await asyncio.to_thread(room.users, args.hostile)
    frames, window = 30, 10.0  # WHIST_WS_RATE: stay within each socket's own limit
    for i, (_user, cookie) in enumerate(users):
        table_id = attacks[i % len(attacks)][0]
        url = f"ws://127.0.0.1:{ports[i % len(ports)]}/ws/table/{table_id}/"
        asyncio.create_task(hostile(url, cookie, stats, frames / window * 0.95, stop))


def measured(
    args: argparse.Namespace, stats: Stats, bare_size: int | None = None
) -> dict[str, Any] | None:
    """One stack, started, played on (or its lobby measured) and stopped; the run's figures.
    With `bare_size`: the bare relay's stack, sending state frames of that many bytes."""
    with tempfile.TemporaryDirectory(prefix="load-") as tmp:
        stack = Stack(args, Path(tmp), bare_size is not None)
        if args.probe and bare_size is None:
            stack.daphne_module, stack.env["WHIST_PROBE_DIR"] = "bench.probed_daphne", tmp
        stack.probe = Probe()
        try:
            stack.start()
            stack.redis_process = psutil.Process(stack.redis.pid)
            if args.lobby_idle:
                asyncio.run(lobby_idle(stack, args, cpu, household))
                return None
            room = Room(args) if bare_size is None else BareRoom(args, bare_size)
            if args.storm:
                ports = [port for port, _ in stack.daphnes]
                return {"storm": asyncio.run(storm(args, ports, room, stats, household))}
            if args.probe and bare_size is None:
                return asyncio.run(probed(stack, room, stats))
            return asyncio.run(play(stack, room, stats))
        finally:
            stack.close()


def main() -> None:
    args = arguments()
    stats = Stats()
    shuffles = [calibration(2.0)]
    run = measured(args, stats)
    if run is None:
        return
    if args.storm:
        report_storm(stats, run["storm"])
        print(f"calibration {calibration(2.0):,.0f} shuffles/s; load average (1, 5, 15 min): "
              f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
        return
    bare = None
    if args.bare and not args.hostile and not args.lobby_idle:
        bare_stats = Stats()
        bare = (bare_stats, measured(args, bare_stats, bare_size=stats.frame_size()))
    shuffles.append(calibration(2.0))
    report(args, stats, run, sum(shuffles) / len(shuffles), bare)
    report_flood(args, stats, run["flood"], run["flood_cpu"], run["flood_cuts"])


if __name__ == "__main__":
    main()
