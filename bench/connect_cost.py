"""What a table socket's connect costs in CPU: S sockets open at once on one Daphne process,
as after a restart, and the CPU they took is read from the processes themselves.

Starts the stack of bench/load.py (its own Redis, a database of its own that is dropped at
the end, one Daphne process, one Celery worker), makes S/4 Whist tables of four human seats
(each table from a loopback address of its own), then `--rounds` times: every socket opens
at once (a failed handshake is tried again a second or so later, as the page does) and
waits for its first state and its chat; a second later (the tables' `connected`
published) every socket closes, and the next round waits for the closes to settle. Printed
per round, never asserted: CPU milliseconds per connect of the Daphne process (its own
/proc times), of the PostgreSQL backends serving its connections (found by their client
ports), and of Redis; the seconds until every socket held its state. The first round meets a
new process (nothing cached yet, as after a restart): the storm's figure. Later ones meet a
warm process, and sockets opening again from the same addresses a second after their close
(on a loaded machine many handshakes failed and were tried again: their cost is in the
figure). Run it from two
checkouts in turn (main, a change) to compare: a ratio of the same hour, not one figure.

Run: `.venv/bin/python bench/connect_cost.py [--sockets 400] [--rounds 1]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import psutil
import websockets

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent)]

from engine import calibration  # noqa: E402
from load import Room  # noqa: E402
from load_stack import Stack, household  # noqa: E402

from bench.arguments import Parser, whole_number  # noqa: E402

SETTLE = 1.0  # seconds after the last socket's state: the publishes of `connected`


def arguments() -> argparse.Namespace:
    parser = Parser(prog="connect_cost.py", description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=whole_number(4), default=400)
    parser.add_argument("--rounds", type=whole_number(1), default=1)
    args = parser.parse_args()
    # What bench/load.py's Stack and Room read.
    args.daphne, args.workers, args.layer, args.players, args.bots = 1, 1, "pubsub", 4, 0
    args.game, args.level = "whist", "beginner"
    return args


def seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def backends(daphne: psutil.Process) -> list[psutil.Process]:
    """The PostgreSQL backends of the Daphne process's connections (by their client ports)."""
    ports = {
        c.laddr.port for c in daphne.net_connections(kind="tcp") if c.raddr and c.raddr.port == 5432
    }
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, client_port FROM pg_stat_activity WHERE client_port IS NOT NULL"
        )
        pids = [pid for pid, port in cursor.fetchall() if port in ports]
    found = []
    for pid in pids:
        try:
            found.append(psutil.Process(pid))
        except psutil.Error:
            continue
    return found


async def open_one(
    url: str, cookie: str, address: str, retries: list[int]
) -> tuple[websockets.ClientConnection, float]:
    """A socket that holds its first state and chat; a failed handshake (a loaded machine)
    is tried again after a second or so, as the page does, and counted in `retries`."""
    origin = url.split("/ws/")[0].replace("ws://", "http://")
    while True:
        try:
            ws = await websockets.connect(
                url, additional_headers={"Cookie": cookie, "Origin": origin}, open_timeout=120,
                local_addr=(address, 0), max_size=2**22,
            )  # fmt: skip
            break
        except (OSError, TimeoutError, websockets.WebSocketException):
            retries.append(1)
            await asyncio.sleep(random.uniform(0.5, 1.5))
    seen: set[str] = set()
    while not {"state", "chat"} <= seen:
        seen.add(json.loads(await ws.recv()).get("type"))
    return ws, time.monotonic()


async def one_round(stack: Stack, made: list, number: int) -> None:
    port, daphne = stack.daphnes[0]
    redis = psutil.Process(stack.redis.pid)
    known = {p.pid: (p, seconds(p)) for p in await asyncio.to_thread(backends, daphne)}
    before = seconds(daphne), seconds(redis)
    start, retries = time.monotonic(), []
    opened = await asyncio.gather(*(
        open_one(f"ws://127.0.0.1:{port}/ws/table/{table}/", cookie, household(i), retries)
        for i, (table, seats) in enumerate(made) for _seat, cookie in seats
    ))  # fmt: skip
    took = max(at for _, at in opened) - start
    await asyncio.sleep(SETTLE)
    daphne_cpu, redis_cpu = seconds(daphne) - before[0], seconds(redis) - before[1]
    postgres_cpu = 0.0
    for process in await asyncio.to_thread(backends, daphne):
        try:
            base = known[process.pid][1] if process.pid in known else 0.0
            postgres_cpu += seconds(process) - base
        except psutil.Error:
            continue
    n = len(opened)
    each = [1000 * c / n for c in (daphne_cpu, postgres_cpu, redis_cpu)]
    print(f"round {number}: {n} sockets held their state after {took:.1f} s ({len(retries)} "
          "handshakes tried again); CPU ms per "
          "connect: daphne {:.2f}, postgres {:.2f}, redis {:.2f}, all {:.2f}".format(
              *each, sum(each)), flush=True)  # fmt: skip
    await asyncio.gather(*(ws.close() for ws, _ in opened))
    await asyncio.sleep(3.0)  # the closes' presence rows and counts


async def run(stack: Stack, args: argparse.Namespace) -> None:
    room = Room(args)
    made = []
    for start in range(0, args.sockets // 4, 20):
        batch = range(start, min(start + 20, args.sockets // 4))
        made += await asyncio.gather(*(asyncio.to_thread(room.table) for _ in batch))
    for number in range(1, args.rounds + 1):
        await one_round(stack, made, number)


def main() -> None:
    args = arguments()
    shuffles = calibration(2.0, time.process_time)
    with tempfile.TemporaryDirectory(prefix="connect-") as tmp:
        stack = Stack(args, Path(tmp))
        try:
            stack.start()
            asyncio.run(run(stack, args))
        finally:
            stack.close()
    print(f"calibration {shuffles:,.0f} shuffles per CPU second; load average (1, 5, 15 min): "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip


if __name__ == "__main__":
    main()
