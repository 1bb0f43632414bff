"""Rolling restarts under load: R runs, each a SIGTERM to every Daphne process and the Celery
worker while the tables are in play, each process timed to its exit (every one within 10 s:
docs/deployment.md §"Processes").

Starts the stack of bench/load.py (its own Redis and database, N Daphne processes, a Celery
worker), makes S/4 Whist tables of four human seats, their sockets spread over the
processes, and every page plays its turns (the first legal action, 0.05-0.3 s after its
state) and reconnects with the page's backoff (bench/load_reconnect.py's Page). Each run:
wait until every page holds a state and moves flow, play for --play seconds, then SIGTERM to
every Daphne and the worker at once; print how long each took to exit, start them again
(same ports), and count the tracebacks their logs gained. Printed, never asserted: per run
the exit times, the slowest process, the moves made in the run, and at the end the runs
with a process over 10 s, the slowest exit over all runs and the calibration (bench/engine.py's
52-card shuffles per second).

Run: `.venv/bin/python bench/sigterm_runs.py [--runs 20] [--sockets 400] [--daphne 2]
[--play 5] [--keep-logs DIR]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

import psutil
import websockets

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent)]

from engine import calibration  # noqa: E402
from load import Room  # noqa: E402
from load_reconnect import GIVE_UP, Page, stop_process  # noqa: E402
from load_stack import Stack, household, wait_port  # noqa: E402

from bench.arguments import Parser, whole_number  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = Parser(prog="sigterm_runs.py", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=whole_number(1), default=20)
    parser.add_argument("--sockets", type=whole_number(4), default=400)
    parser.add_argument("--daphne", type=whole_number(1), default=2, help="Daphne processes")
    parser.add_argument("--play", type=whole_number(1), default=5, help="seconds per run")
    parser.add_argument("--keep-logs", type=Path, default=None, help="copy the logs here")
    args = parser.parse_args()
    args.workers, args.layer, args.players, args.bots = 1, "pubsub", 4, 0
    args.game, args.level = "whist", "beginner"
    return args


class PlayingPage(Page):
    """A table page that plays its turns as they come."""

    moves = 0

    async def _session(self) -> str | int:
        ws = await self._connect()
        if isinstance(ws, str):
            return ws
        try:
            async for frame in ws:
                message = json.loads(frame)
                if message.get("type") != "state":
                    continue
                self.back.set()
                await self._act(ws, message)
        except websockets.ConnectionClosed:
            pass
        self.back.clear()
        code = ws.close_code if ws.close_code is not None else 1006
        return code if code in GIVE_UP else "opened"

    async def _act(self, ws: websockets.ClientConnection, message: dict) -> None:
        view = message.get("view") or {}
        legal = [a for a in view.get("legal") or [] if a.get("seat") == message.get("seat")]
        if not legal or view.get("to_act") != message.get("seat"):
            return
        await asyncio.sleep(self.rng.uniform(0.05, 0.3))
        action = {k: v for k, v in legal[0].items() if k != "seat"}
        await ws.send(json.dumps({"type": "act", "version": message["version"], "action": action}))
        PlayingPage.moves += 1


def restart(stack: Stack, index: int, run: int) -> float:
    """SIGTERM Daphne `index`; seconds until it exited; a new one on its port (a log per run)."""
    port, process = stack.daphnes[index]
    took = stop_process(process)
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
               "--websocket-max-message-size", "65536", "whistsite.asgi:application"]  # fmt: skip
    spawned = stack._spawn(command, f"daphne{index}-run{run}.log")
    wait_port(port, spawned, f"daphne {index}")
    stack.daphnes[index] = (port, psutil.Process(spawned.pid))
    return took


def restart_worker(stack: Stack, run: int) -> float:
    took = stop_process(stack.workers[0])
    command = [sys.executable, "-m", "celery", "-A", "whistsite", "worker", "-Q", stack.queue,
               "--concurrency", "1", "--without-heartbeat", "--without-mingle", "-l", "info",
               "-n", "load0@%h"]  # fmt: skip
    stack.workers[0] = psutil.Process(stack._spawn(command, f"worker0-run{run}.log").pid)
    return took


def tracebacks(folder: Path) -> Counter:
    found: Counter = Counter()
    for log in folder.glob("*.log"):
        text = log.read_text(errors="replace")
        found["Traceback"] += text.count("Traceback")
        found["cannot schedule new futures"] += text.count("cannot schedule new futures")
    return found


async def runs(stack: Stack, room: Room, args: argparse.Namespace, folder: Path) -> None:
    ports = [port for port, _ in stack.daphnes]
    made = await asyncio.gather(*(asyncio.to_thread(room.table) for _ in range(args.sockets // 4)))
    stats: Counter = Counter()
    pages = [
        PlayingPage(f"ws://127.0.0.1:{ports[(i + seat) % len(ports)]}/ws/table/{table}/",
                    cookie, household(i), stats)
        for i, (table, seats) in enumerate(made) for seat, cookie in seats
    ]  # fmt: skip
    stop = asyncio.Event()
    tasks = [asyncio.create_task(page.run(stop)) for page in pages]
    slowest, over, seen = 0.0, 0, tracebacks(folder)
    for run in range(1, args.runs + 1):
        await asyncio.wait_for(asyncio.gather(*(p.back.wait() for p in pages)), 300)
        before = PlayingPage.moves
        await asyncio.sleep(args.play)
        moved = PlayingPage.moves - before
        took = await asyncio.gather(
            *(asyncio.to_thread(restart, stack, i, run) for i in range(len(ports))),
            asyncio.to_thread(restart_worker, stack, run),
        )
        now = tracebacks(folder)
        new = {k: now[k] - seen[k] for k in now if now[k] - seen[k]}
        seen = now
        slowest, over = max(slowest, *took), over + (max(took) > 10)
        print(f"run {run:2d}: {len(pages)} sockets, {moved} moves in {args.play} s; exit after "
              f"SIGTERM, s: daphne " + ", ".join(f"{t:.2f}" for t in took[:-1])
              + f"; worker {took[-1]:.2f}; new in the logs: {new or {}}", flush=True)  # fmt: skip
    print(f"{args.runs} runs: {over} with a process out after more than 10 s; slowest exit "
          f"{slowest:.2f} s; calibration {calibration(0.5):,.0f} shuffles/s")  # fmt: skip
    stop.set()
    for task in tasks:
        task.cancel()


def main() -> None:
    args = arguments()
    logging.getLogger("websockets").setLevel(logging.CRITICAL)  # the pages' closed sockets
    random.seed(1)
    with tempfile.TemporaryDirectory(prefix="sigterm-runs-") as tmp:
        stack = Stack(args, Path(tmp))
        stack.env["WHIST_MAX_SOCKETS_PER_ADDRESS"] = "64"
        try:
            stack.start()
            asyncio.run(runs(stack, Room(args), args, Path(tmp)))
        finally:
            stack.close()
            if args.keep_logs:
                shutil.copytree(tmp, args.keep_logs, dirs_exist_ok=True)


if __name__ == "__main__":
    main()
