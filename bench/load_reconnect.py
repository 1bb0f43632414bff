"""A reconnect wave on the real stack: S table sockets on N Daphne processes all come back at
once, as after a deploy or a restart, and each page retries as static/js/reconnect.js does.

Starts the stack of bench/load.py (its own Redis, a database of its own that is dropped at
the end, N Daphne processes, a Celery worker), makes S/4 Whist tables of four human seats
and opens one socket per seat (each table from a loopback address of its own, as a
household's; a table's seats spread over the processes). Then, per `--wave`:

- `restart` (default): every Daphne gets SIGTERM (the sockets get 4012), the bench prints
  how long each process took to exit, and a new process starts on the same port;
- `open`: the S sockets open at once from nothing (a cold start of the pages).

Each client acts as the page: on a close or a failed handshake it waits its backoff (1 s,
doubled up to 10 s, each wait drawn at random between half and one and a half times it)
and opens again; it gives up, as the page does, on 4401, 4403, 4404 and 4429. A client is
back when its new socket holds a `state`. Printed, never asserted: the time until every
socket is back (from the wave's start), its spread (p50/p95/max per client), the handshake
retries by cause, the pages that gave up; and at the end every process gets SIGTERM with
the sockets still open, and the bench prints how long each took to exit.

Run: `.venv/bin/python bench/load_reconnect.py [--sockets 800] [--daphne 2]
[--wave restart|open] [--deadline 60] [--keep-logs DIR]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import psutil
import websockets

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent)]

from load import Room  # noqa: E402
from load_stack import Stack, cpu, household, own_cpu, postgres_processes, wait_port  # noqa: E402

from bench.arguments import Parser, whole_number  # noqa: E402
from games.engine.arena import percentile  # noqa: E402

GIVE_UP = {4401, 4403, 4404, 4429}  # static/js/reconnect.js: the page stops there
FIRST, CAP = 1.0, 10.0  # the table page's backoff, seconds


def arguments() -> argparse.Namespace:
    parser = Parser(prog="load_reconnect.py", description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=whole_number(4), default=800)
    parser.add_argument("--daphne", type=whole_number(1), default=2, help="Daphne processes")
    parser.add_argument("--wave", choices=["restart", "open"], default="restart")
    parser.add_argument("--deadline", type=whole_number(5), default=60, help="seconds")
    parser.add_argument("--keep-logs", type=Path, default=None, help="copy the logs here")
    args = parser.parse_args()
    # What bench/load.py's Stack reads.
    args.workers, args.layer, args.players, args.bots = 1, "pubsub", 4, 0
    args.game, args.level = "whist", "beginner"
    return args


class Page:
    """One table page's socket: opens, and after a close reopens with the page's backoff."""

    def __init__(self, url: str, cookie: str, address: str, stats: Counter) -> None:
        self.url, self.address, self.stats = url, address, stats
        origin = url.split("/ws/")[0].replace("ws://", "http://")
        self.headers = {"Cookie": cookie, "Origin": origin}
        self.back = asyncio.Event()  # holds a state on its current socket
        self.wave_start: float | None = None
        self.back_after: float | None = None
        self.retries = 0
        self.gave_up: int | None = None
        self.rng = random.Random(url + address)

    async def run(self, stop: asyncio.Event) -> None:
        delay = FIRST
        while not stop.is_set():
            after_wave = self.wave_start is not None  # an attempt of the wave, not before
            cause = await self._session()
            if cause in GIVE_UP:
                self.gave_up = cause
                self.stats[f"gave up: {cause}"] += 1
                return
            if self.back_after is None and after_wave:  # an attempt that failed: retried
                self.retries += 1
                self.stats[f"retry: {cause}"] += 1
            if cause == "opened":
                delay = FIRST  # the page resets its backoff once a socket opened
            await asyncio.sleep(delay * self.rng.uniform(0.5, 1.5))
            delay = min(delay * 2, CAP)

    async def _connect(self) -> websockets.ClientConnection | str:
        """The page's socket, or why it did not open (an HTTP status, an error's name)."""
        try:
            return await websockets.connect(
                self.url, additional_headers=self.headers, open_timeout=30,
                local_addr=(self.address, 0), max_size=2**22,
            )  # fmt: skip
        except websockets.InvalidStatus as exc:
            return f"HTTP {exc.response.status_code}"
        except (OSError, TimeoutError, websockets.WebSocketException) as exc:
            return type(exc).__name__

    async def _session(self) -> str | int:
        ws = await self._connect()
        if isinstance(ws, str):
            return ws
        try:
            async for frame in ws:
                if json.loads(frame).get("type") == "state" and not self.back.is_set():
                    self.back.set()
                    if self.wave_start is not None and self.back_after is None:
                        self.back_after = time.monotonic() - self.wave_start
        except websockets.ConnectionClosed:
            pass
        code = ws.close_code if ws.close_code is not None else 1006
        self.back.clear()
        return code if code in GIVE_UP or not self.back_after else "opened"


def restart(stack: Stack, index: int) -> float:
    """SIGTERM Daphne `index`, wait for it to exit (how long it took), start a new one on its
    port."""
    port, process = stack.daphnes[index]
    took = stop_process(process)
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
               "--websocket-max-message-size", "65536", "whistsite.asgi:application"]  # fmt: skip
    spawned = stack._spawn(command, f"daphne{index}-again.log")
    wait_port(port, spawned, f"daphne {index}")
    stack.daphnes[index] = (port, psutil.Process(spawned.pid))
    return took


def stop_process(process: psutil.Process, seconds: float = 30.0) -> float:
    """SIGTERM; seconds until the process exited (inf: killed after `seconds`)."""
    start = time.monotonic()
    process.terminate()
    try:
        process.wait(seconds)
    except psutil.TimeoutExpired:
        process.kill()
        return float("inf")
    return time.monotonic() - start


async def wave(stack: Stack, room: Room, args: argparse.Namespace) -> None:
    ports = [port for port, _ in stack.daphnes]
    stats: Counter = Counter()
    made = await asyncio.gather(*(asyncio.to_thread(room.table) for _ in range(args.sockets // 4)))
    pages = [
        Page(f"ws://127.0.0.1:{ports[(i + seat) % len(ports)]}/ws/table/{table}/", cookie,
             household(i), stats)
        for i, (table, seats) in enumerate(made) for seat, cookie in seats
    ]  # fmt: skip
    stop = asyncio.Event()
    redis = [psutil.Process(stack.redis.pid)]
    groups = lambda: [[p for _, p in stack.daphnes], stack.workers, redis, postgres_processes()]  # noqa: E731
    before = [cpu(g) for g in groups()] + [own_cpu()]
    if args.wave == "open":
        start = time.monotonic()
        for page in pages:
            page.wave_start = start
    tasks = [asyncio.create_task(page.run(stop)) for page in pages]
    if args.wave == "restart":
        await asyncio.wait_for(asyncio.gather(*(p.back.wait() for p in pages)), 300)
        print(f"{len(pages)} sockets open on {len(ports)} Daphne processes; SIGTERM to each")
        start = time.monotonic()
        for page in pages:
            page.wave_start = start
        took = await asyncio.gather(
            *(asyncio.to_thread(restart, stack, i) for i in range(len(ports)))
        )
        print("exit after SIGTERM, s: " + ", ".join(f"{t:.2f}" for t in took))
    deadline = start + args.deadline
    while time.monotonic() < deadline:
        if all(p.back_after is not None or p.gave_up for p in pages):
            break
        await asyncio.sleep(0.1)
    report(pages, stats, time.monotonic() - start)
    spent = [cpu(g) - b for g, b in zip(groups(), before, strict=False)]
    spent.append(own_cpu() - before[-1])
    if args.wave == "open":  # after a restart the Daphne processes are new ones
        print("CPU s during the wave: daphne {:.1f}, celery {:.1f}, redis {:.1f}, "
              "postgres* {:.1f}, the bench's clients {:.1f}".format(*spent))  # fmt: skip
    await asyncio.sleep(1.0)  # the sockets settle (a heartbeat, a presence row)
    took = await asyncio.gather(
        *(asyncio.to_thread(stop_process, process) for _, process in stack.daphnes)
    )
    print(f"end of run: SIGTERM with {len(pages)} sockets open; exit after, s: "
          + ", ".join(f"{t:.2f}" for t in took))  # fmt: skip
    stop.set()
    for task in tasks:
        task.cancel()
    left = await asyncio.to_thread(counted_left)
    print(f"left counted after the stop: {left}")


def counted_left() -> str:
    """Presence rows and sockets still counted (games/sockets/limits.py) after every Daphne
    stopped."""
    from games.models import Presence
    from games.sockets import limits
    from runtime.process_cache import cache

    counted = 0
    for key in cache._cache.get_client().scan_iter("*games:sockets:*"):
        owner = key.decode().split("games:sockets:", 1)[1]
        counted += len(limits._live(owner))
    return f"{Presence.objects.count()} presence rows, {counted} sockets counted"


def report(pages: list[Page], stats: Counter, elapsed: float) -> None:
    back = [p.back_after for p in pages if p.back_after is not None]
    missing = len(pages) - len(back)
    gave_up = sum(1 for p in pages if p.gave_up)
    retries = sum(p.retries for p in pages)
    every = (
        f"{max(back):.1f} s" if not missing else f"not all: {missing} missing after {elapsed:.1f} s"
    )
    print(f"all back: {every}; per socket p50 {percentile(back, 0.5):.1f} s, "
          f"p95 {percentile(back, 0.95):.1f} s; retries {retries}; "
          f"pages that gave up {gave_up}")  # fmt: skip
    causes = {k: v for k, v in stats.items() if v}
    print(f"retries and give-ups by cause: {dict(sorted(causes.items(), key=str))}")


def main() -> None:
    args = arguments()
    with tempfile.TemporaryDirectory(prefix="load-reconnect-") as tmp:
        stack = Stack(args, Path(tmp))
        stack.env["WHIST_MAX_SOCKETS_PER_ADDRESS"] = "64"
        try:
            stack.start()
            asyncio.run(wave(stack, Room(args), args))
        finally:
            stack.close()
            if args.keep_logs:
                shutil.copytree(tmp, args.keep_logs, dirs_exist_ok=True)
            logs = sorted(Path(tmp).glob("daphne*.log"))
            for log in logs:
                text = log.read_text(errors="replace")
                tracebacks = text.count("Traceback")
                if tracebacks:
                    print(f"{log.name}: {tracebacks} tracebacks (--keep-logs DIR keeps them)")


if __name__ == "__main__":
    main()
