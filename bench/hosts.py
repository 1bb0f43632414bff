"""The site across hosts (tests/hosts/site.py): moves/s and act->all-seats p50/p99 with one and
with two app hosts, then the time for every player to be back after an app host is cut.

Each run builds the hosts afresh (network namespaces on this machine, as root: a data host
with PostgreSQL and Redis, N app hosts with a Daphne and a Celery worker each, nginx in
front), seats T Whist tables of four players whose sockets go through nginx, lets them play
(each move `--think` seconds after its turn, with jitter) for `--warmup` then `--seconds`
measured seconds. Printed per run: moves/s, p50/p99/max from an `act` until every seat of
its table holds a newer version, CPU seconds per move of each host (and nginx), given also in
calibration shuffles (bench/engine.py's, per CPU second of this process), and error frames
and closes. After the two-host run, app1 is cut (its processes killed outright, its link
down) while the tables play: printed are
how many sockets dropped, the time until every one holds a state again (max, p50), and the
move log's check (no gap, no move logged that was not sent or more often than sent).

Run (root): `.venv/bin/python bench/hosts.py [--tables 40] [--think 0.5] [--seconds 20]
[--warmup 5] [--apps 1,2] [--no-cut]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections import Counter
from pathlib import Path

import psutil
import psycopg

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent)]

from bench.arguments import Parser, whole_number  # noqa: E402
from bench.engine import calibration  # noqa: E402
from games.engine.arena import percentile  # noqa: E402
from tests.hosts.network import usable  # noqa: E402
from tests.hosts.players import Player, Room, seat_players  # noqa: E402
from tests.hosts.site import Site, whist_tables  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = Parser(prog="hosts.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=40)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before a move")
    parser.add_argument("--seconds", type=whole_number(1), default=20, help="measured time")
    parser.add_argument("--warmup", type=whole_number(1), default=5)
    parser.add_argument("--apps", default="1,2", help="app hosts per run, comma-separated")
    parser.add_argument("--cut", action=argparse.BooleanOptionalAction, default=True,
                        help="after the last run, cut app1 and time the reconnects")  # fmt: skip
    args = parser.parse_args()
    try:
        args.apps = [int(n) for n in args.apps.split(",")]
    except ValueError:
        parser.error(f"--apps: whole numbers separated by commas, not {args.apps!r}")
    if not args.apps or min(args.apps) < 1 or args.cut and args.apps[-1] < 2:
        parser.error("--apps: at least one host per run, and two in the last to cut one")
    if not 0 < args.think <= 60:
        parser.error("--think: seconds between 0 and 60")
    return args


def host_cpu(site: Site) -> dict[str, float]:
    """User + system CPU seconds of every process in each host (and nginx, here)."""
    spent: dict[str, float] = {}
    for host in ["data", *site.apps]:
        total = 0.0
        for pid in site.network.pids(host):
            try:
                times = psutil.Process(pid).cpu_times()
                total += times.user + times.system + times.children_user + times.children_system
            except psutil.Error:
                continue
        spent[host] = total
    nginx = psutil.Process(site.nginx.pid)
    spent["nginx"] = sum(
        t.user + t.system for t in [nginx.cpu_times()] + [c.cpu_times() for c in nginx.children()]
    )
    own = psutil.Process().cpu_times()  # the bench's players (its children are the hosts')
    spent["the bench's players"] = own.user + own.system
    return spent


async def run(site: Site, args: argparse.Namespace, shuffles: float, cut: bool) -> None:
    made = await asyncio.to_thread(whist_tables, site, args.tables)
    room = Room()
    think = (args.think * 0.5, args.think * 1.5)
    players = seat_players(site.origin, made, room, think)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.run(stop)) for p in players]
    try:
        await asyncio.wait_for(asyncio.gather(*(p.connected.wait() for p in players)), 120)
        await asyncio.sleep(args.warmup)
        before = host_cpu(site)
        room.measuring, start = True, time.perf_counter()
        await asyncio.sleep(args.seconds)
        room.measuring, elapsed = False, time.perf_counter() - start
        spent = {k: v - before[k] for k, v in host_cpu(site).items()}
        report(site, room, elapsed, spent, shuffles)
        if cut:
            await cut_and_time(site, room, players)
            print(f"  move log: {log_check(site, players)}")
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)


def report(site: Site, room: Room, elapsed: float, spent: dict[str, float],
           shuffles: float) -> None:  # fmt: skip
    lat = [x * 1000 for x in room.latencies]
    print(f"  {room.moves / elapsed:.1f} moves/s; act -> all seats ms: "
          f"p50 {percentile(lat, 0.5):.0f}, p99 {percentile(lat, 0.99):.0f}, "
          f"max {max(lat, default=0):.0f}")  # fmt: skip
    moves = max(room.moves, 1)
    per = ", ".join(f"{host} {spent[host] / moves * 1000:.1f} ms "
                    f"({spent[host] / moves * shuffles:,.0f} shuffles)"
                    for host in spent)  # fmt: skip
    print(f"  CPU per move: {per}")
    print(f"  error frames {dict(room.errors)}; closes {dict(room.closes)}")


async def cut_and_time(site: Site, room: Room, players: list[Player]) -> None:
    room.cut_at = time.perf_counter()
    await asyncio.to_thread(site.cut, "app1")
    deadline = room.cut_at + 60
    while time.perf_counter() < deadline:
        dropped = [p for p in players if p.dropped]
        if dropped and all(p.back_after is not None for p in dropped):
            break
        await asyncio.sleep(0.1)
    dropped = [p for p in players if p.dropped]
    back = [p.back_after for p in dropped if p.back_after is not None]
    every = f"{max(back):.1f} s" if len(back) == len(dropped) and back else "not all in 60 s"
    print(
        f"  app1 cut: {len(dropped)} of {len(players)} sockets dropped; all back: {every}; "
        f"p50 {percentile(back, 0.5):.1f} s; gave up {sum(1 for p in players if p.gave_up)}"
    )
    made = moves_now(site)
    await asyncio.sleep(5)
    now = moves_now(site)
    going = sum(1 for t, (n, _) in now.items() if n > made[t][0])
    over = sum(1 for t, (_, status) in now.items() if status != "playing")
    print(f"  tables with moves in the 5 s after: {going} of {len(now)} ({over} over)")
    room.acting = False
    await asyncio.sleep(3)  # the last moves reach every seat


def moves_now(site: Site) -> dict[int, tuple[int, str]]:
    """Per table: its moves logged and its status."""
    query = ("SELECT t.id, count(m.id), t.status FROM games_table t "
             "LEFT JOIN games_move m ON m.table_id = t.id GROUP BY t.id")  # fmt: skip
    with psycopg.connect(site.database_url) as db:
        return {t: (n, status) for t, n, status in db.execute(query).fetchall()}


def log_check(site: Site, players: list[Player]) -> str:
    with psycopg.connect(site.database_url) as db:
        log = db.execute("SELECT table_id, number, seat, event, by FROM games_move ORDER BY 1, 2")
        rows = log.fetchall()
        versions: dict[int, int] = dict(
            db.execute("SELECT id, version FROM games_table").fetchall()
        )
    numbers: dict[int, list[int]] = {}
    for table, number, *_ in rows:
        numbers.setdefault(table, []).append(number)
    gaps = sum(1 for n in numbers.values() if n != list(range(len(n))))

    def key(event: dict) -> tuple:
        return tuple(sorted((k, str(v)) for k, v in event.items() if k != "seat"))

    sent = Counter((p.table.id, p.seat, key(a)) for p in players for _, a in p.sent)
    logged = Counter((t, seat, key(event)) for t, _, seat, event, by in rows if by == "human")
    behind = sum(1 for p in players if p.version != versions[p.table.id])
    kinds = dict(Counter(by for *_, by in rows))
    return (f"{len(rows)} moves {kinds}, tables with a gap {gaps}, players' moves logged but "
            f"not sent (or more often) {sum((logged - sent).values())}, sockets behind the "
            f"table's version {behind}")  # fmt: skip


def main() -> int:
    args = arguments()
    if why := usable():
        print(f"hosts.py: {why}", file=sys.stderr)
        return 2
    shuffles = calibration(2.0, time.process_time)
    print(f"calibration: {calibration(2.0):,.0f} shuffles/s, {shuffles:,.0f} per CPU second "
          f"(CPU per move is converted with this one); "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"{args.tables} tables x 4 sockets, think {args.think} s, {args.seconds} s measured")
    for i, apps in enumerate(args.apps):
        cut = args.cut and i == len(args.apps) - 1
        env = {"WHIST_MAX_SOCKETS_PER_ADDRESS": "100000"}  # every socket comes from nginx
        site = Site(apps=apps, env=env)
        try:
            print(f"{apps} app host{'s' if apps > 1 else ''}:")
            asyncio.run(run(site, args, shuffles, cut))
        finally:
            site.close()
    print(f"calibration after: {calibration(2.0):,.0f} shuffles/s, "
          f"{calibration(2.0, time.process_time):,.0f} per CPU second; "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
