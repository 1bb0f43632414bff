"""bench/load.py's lobby figures: what an idle lobby viewer costs, and resync
floods at the rate the server allows.

`--lobby-idle N`: instead of playing, open N lobby sockets (anonymous, 50 per address) on
a lobby of `--lobby-tables` public tables, wait for each first list, and measure the Daphne
processes' CPU over `--seconds` while nothing changes; printed per viewer per minute, with
the same processes' CPU over an equal window before any socket opened subtracted.

`--hostile K --hostile-kind table-resync|lobby-resync`: K hostile sockets send `resync` at
the resync limit (WHIST_WS_RESYNC_RATE): spectators of the first tables, or lobby sockets
that ask for pages no one else asks for (`list` with another `before` each time, drawn
among the ids the lobby lists, so that no two ask for the same) between plain `resync`s.
`lobby-ping` is the control: as many lobby sockets, on the same beat, sending `ping`, which
costs the server nearly nothing; its ratio is what the two windows differ by anyway.
Each hostile socket connects from an address of its own (a botnet's), so that only the
per-socket limits hold it back, not the per-address one. The hostile sockets run in a
process of their own (`Flood`) and open before the measured time, which alternates quiet
windows (the hostile sockets open and silent) with flood windows, three of each
(`alternate`): the report prints the p95 and p99 of the tables the hostile sockets do not
watch in both kinds of window, and their ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from typing import Any

import websockets

HOSTILE_KINDS = ("refused", "table-resync", "lobby-resync", "lobby-ping", "frame-flood")
RESYNC_RATE = (5, 10.0)  # WHIST_WS_RESYNC_RATE (whistsite/settings/): stay within it
PER_ADDRESS = 50  # under WHIST_MAX_SOCKETS_PER_ADDRESS (64)


def add_arguments(parser: argparse.ArgumentParser, whole_number: Any) -> None:
    parser.add_argument("--lobby-idle", type=whole_number(0), default=0,
                        help="measure N idle lobby viewers instead of playing")  # fmt: skip
    parser.add_argument("--lobby-tables", type=whole_number(0), default=100,
                        help="public open tables in the lobby for --lobby-idle")  # fmt: skip
    parser.add_argument("--hostile-kind", choices=HOSTILE_KINDS, default="refused",
                        help="what the hostile sockets send")  # fmt: skip


def public_tables(count: int) -> None:
    """`count` open public Whist tables of one player each, written directly."""
    from django.contrib.auth import get_user_model

    from games.models import Seat, Table

    owner, _ = get_user_model().objects.get_or_create(username="lobby-owner", defaults={
        "password": "!", "display_name": "Lobby Owner"})  # fmt: skip
    tables = Table.objects.bulk_create(
        Table(game="whist", players=4, created_by=owner) for _ in range(count)
    )
    Seat.objects.bulk_create(
        Seat(table=t, index=i, user=owner if i == 0 else None) for t in tables for i in range(4)
    )


async def lobby_viewer(url: str, address: str, frames: Counter, ready: asyncio.Event,
                       stop: asyncio.Event) -> None:  # fmt: skip
    origin = url.split("/ws/")[0].replace("ws://", "http://")
    try:
        async with websockets.connect(url, additional_headers={"Origin": origin},
                                      open_timeout=60, local_addr=(address, 0)) as ws:  # fmt: skip
            async for frame in ws:
                kind = json.loads(frame).get("type")
                frames[kind] += 1
                if kind == "tables":
                    ready.set()
                if stop.is_set():
                    return
    except (OSError, TimeoutError, websockets.WebSocketException) as exc:
        frames[f"closed: {type(exc).__name__}"] += 1
        ready.set()


async def lobby_idle(stack: Any, args: argparse.Namespace, cpu: Any, household: Any) -> None:
    """Open the viewers, then print what they cost while nothing changes."""
    await asyncio.to_thread(public_tables, args.lobby_tables)
    daphnes = [p for _, p in stack.daphnes]
    await asyncio.sleep(args.warmup)
    before = cpu(daphnes)
    await asyncio.sleep(args.seconds)
    baseline = cpu(daphnes) - before
    frames: Counter = Counter()
    stop = asyncio.Event()
    readies = []
    for i in range(args.lobby_idle):
        port = stack.daphnes[i % len(stack.daphnes)][0]
        ready = asyncio.Event()
        readies.append(ready)
        address = household(10_000 + i // PER_ADDRESS)
        url = f"ws://127.0.0.1:{port}/ws/lobby/"
        asyncio.create_task(lobby_viewer(url, address, frames, ready, stop))
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 600)
    await asyncio.sleep(args.warmup)
    first = Counter(frames)
    before, logged = cpu(daphnes), tracebacks(stack)
    await asyncio.sleep(args.seconds)
    spent = cpu(daphnes) - before
    logged = tracebacks(stack) - logged
    stop.set()
    during = frames - first
    viewers, minutes = args.lobby_idle, args.seconds / 60
    per = 1000 * (spent - baseline) / viewers / minutes
    print(f"\nload.py --lobby-idle: {viewers} lobby viewers on {args.daphne} daphne, "
          f"{args.lobby_tables} public tables, {args.seconds:.0f} s measured")  # fmt: skip
    print(f"Daphne CPU: {1000 * spent:.0f} ms with the viewers, {1000 * baseline:.0f} ms in an "
          f"equal window before they opened")  # fmt: skip
    print(
        f"CPU per idle lobby viewer: {per:.3f} ms per minute "
        f"({1000 * spent / viewers / minutes:.3f} without subtracting the process's own)"
    )
    print(f"frames to the viewers while measured: {dict(during) or 'none'}; "
          f"first frames: {dict(first)}; tracebacks Daphne logged meanwhile: {logged}")  # fmt: skip
    if logged:
        print("the last one ends:", last_error(stack))


def _logs(stack: Any) -> list[str]:
    return [(stack.tmp / f"daphne{i}.log").read_text(errors="replace")
            for i in range(len(stack.daphnes))]  # fmt: skip


def tracebacks(stack: Any) -> int:
    return sum(text.count("Traceback (most recent call last)") for text in _logs(stack))


def last_error(stack: Any) -> str:
    lines = [line for text in _logs(stack) for line in text.splitlines() if line.strip()]
    return " | ".join(lines[-3:])[:400]


async def resync_flooder(url: str, cookie: str | None, record: Any, lobby: bool,
                         rng: random.Random, address: str, ping: bool,
                         flooding: asyncio.Event) -> None:  # fmt: skip
    """A socket sending `resync` (the lobby's: alternately `list` of a page nobody else asks
    for, `before` among the listed ids) at 95% of the resync limit; each answer recorded
    (`record(key)`: "answer", "hostile <code>" for an error, "closed <code>")."""
    origin = url.split("/ws/")[0].replace("ws://", "http://")
    headers = {"Origin": origin, **({"Cookie": cookie} if cookie else {})}
    frames, window = RESYNC_RATE
    pause = window / frames / 0.95
    listed = [1, 10**6]  # the lowest and highest table id seen in a list
    try:
        async with websockets.connect(url, additional_headers=headers, open_timeout=60,
                                      max_size=2**22, local_addr=(address, 0)) as ws:  # fmt: skip

            async def drain() -> None:
                async for frame in ws:
                    message = json.loads(frame)
                    if message["type"] == "tables" and message["tables"]:
                        ids = [t["id"] for t in message["tables"]]
                        listed[:] = [min(ids), max(ids) + 2]
                    if message["type"] == "error":
                        record(f"hostile {message.get('code')}")
                    else:
                        record("answer")  # tables, mine, current, state, or a lobby row

            reader = asyncio.get_running_loop().create_task(drain())
            sent = 0
            try:
                while True:
                    await flooding.wait()
                    if ping:
                        frame = {"type": "ping"}
                    elif lobby and sent % 2:
                        frame = {"type": "list", "before": rng.randrange(*listed)}
                    else:
                        frame = {"type": "resync", "version": -1}
                    await ws.send(json.dumps(frame))
                    sent += 1
                    await asyncio.sleep(pause)
            finally:
                reader.cancel()
    except websockets.ConnectionClosed as exc:
        record(f"closed {exc.rcvd.code if exc.rcvd else 1006}")


class Flood:
    """The resync flooders, in a process of their own, as an attacker's are on a machine of
    their own (in the bench's process, their answers were parsed on the loop that also times
    the players' moves). Their sockets open at once and stay open; they send only while the
    flood is on (`set`). The process is told the flood's windows when it ends, and counts
    what came within them."""

    def __init__(self, sockets: list[dict[str, Any]]) -> None:
        self.process = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)  # fmt: skip
        self._say({"sockets": sockets})
        self.cpu = 0.0
        self.cuts: dict[str, Any] = {}

    def _say(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def set(self, on: bool) -> None:
        self._say({"flood": on})

    def finish(self, stats: Any, windows: list[tuple[float, float]]) -> None:
        """Stop the flood; add what came within `windows` (time.monotonic(), the same clock
        in every process) to `stats`."""
        self._say({"windows": windows})
        assert self.process.stdout is not None
        counts = json.loads(self.process.stdout.readline())
        self.process.wait(30)
        stats.refused += counts["answer"]
        for key, count in counts["keys"].items():
            if key.startswith("closed "):
                stats.closed[int(key.split()[1])] += count
            elif key != "answer":
                stats.errors[key] += count
        self.cpu = counts["cpu"]
        self.cuts = counts["cuts"]


PAIRS = 3  # quiet and flood windows, alternating
SETTLE = 1.0  # seconds after each switch not counted in either


async def alternate(flood: Flood, stats: Any, seconds: float, resident: Any) -> dict[str, Any]:
    """Measure `seconds` as PAIRS of a quiet window then a flood window, so that what drifts
    over a run (the tables further into their games, the processes' heaps) falls on both
    alike. A quiet window has the hostile sockets open and silent: what differs is only
    what they ask. The moves' latencies of each kind, the flood's windows, the moves made
    in each flood window, and the servers' resident memory (`resident()`, bytes): at the
    start, its peak in the flood windows, and at the end of each quiet window after one."""
    quiet: list[float] = []
    hot: list[float] = []
    windows: list[tuple[float, float]] = []
    memory = {"base": resident(), "peak": 0, "after": []}
    per_window = []
    for i in range(2 * PAIRS + 1):  # a last quiet window: does the memory come back?
        on = i % 2 == 1
        flood.set(on)
        await asyncio.sleep(SETTLE)
        start, begun = len(stats.latencies), time.monotonic()
        end = begun + seconds / (2 * PAIRS) - SETTLE
        while time.monotonic() < end:
            await asyncio.sleep(min(0.25, max(end - time.monotonic(), 0)))
            if on:
                memory["peak"] = max(memory["peak"], resident())
        moves = stats.latencies[start:]
        if i < 2 * PAIRS:
            (hot if on else quiet).extend(moves)
        if on:  # what the flooders got is counted from the switch, settling included
            windows.append((begun - SETTLE, time.monotonic()))
            per_window.append(len(moves))
        elif i:
            memory["after"].append(resident())
    flood.set(False)
    return {"quiet": quiet, "hot": hot, "windows": windows, "memory": memory,
            "moves": per_window}  # fmt: skip


def start_resync_flood(args: argparse.Namespace, ports: list[int], users: list, attacks: list,
                       household: Any) -> Flood:  # fmt: skip
    sockets = []
    for i, (_user, cookie) in enumerate(users):
        address = household(20_000 + i)  # one address each, apart from the tables' own
        port = ports[i % len(ports)]
        if args.hostile_kind in ("lobby-resync", "lobby-ping"):
            url, lobby = f"ws://127.0.0.1:{port}/ws/lobby/", True
        else:
            url, lobby = f"ws://127.0.0.1:{port}/ws/table/{attacks[i % len(attacks)][0]}/", False
        sockets.append({"url": url, "cookie": cookie, "lobby": lobby, "address": address,
                        "ping": args.hostile_kind == "lobby-ping",
                        "frames": args.hostile_kind == "frame-flood"})  # fmt: skip
    return Flood(sockets)


async def _flood(sockets: list[dict[str, Any]]) -> None:
    """The flood process: the flooders, on and off as standard input says, until it gives
    the flood's windows; then what they got within them, as one line of JSON."""
    from load_flood import cut_report, frame_flooder

    rng, seen, flooding, cuts = random.Random(7), [], asyncio.Event(), []

    def record(key: str) -> None:
        seen.append((time.monotonic(), key))

    tasks = [
        asyncio.create_task(frame_flooder(s, record, flooding, cuts) if s["frames"] else
                            resync_flooder(s["url"], s["cookie"], record, s["lobby"], rng,
                                           s["address"], s["ping"], flooding))
        for s in sockets
    ]  # fmt: skip
    while True:
        command = json.loads(await asyncio.to_thread(sys.stdin.readline))
        if "windows" in command:
            break
        if command["flood"]:
            flooding.set()
        else:
            flooding.clear()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    windows = command["windows"]
    keys = Counter(key for at, key in seen if key.startswith("closed ")
                   or any(start <= at <= end for start, end in windows))  # fmt: skip
    times = os.times()
    print(json.dumps({"answer": keys["answer"], "keys": keys, "cpu": times.user + times.system,
                      "cuts": cut_report(cuts, windows)}), flush=True)  # fmt: skip


def report_flood(args: argparse.Namespace, stats: Any, flood: dict[str, Any] | None,
                 flood_cpu: float | None, cuts: dict[str, Any] | None = None) -> None:  # fmt: skip
    from load_report import ms

    from games.engine.arena import percentile

    if flood is None:
        return
    calm, hot = flood["quiet"], flood["hot"]
    seconds = sum(end - start for start, end in flood["windows"])
    watched = "every table" if args.hostile_kind.startswith("lobby") \
        else "the tables no hostile socket watches"  # fmt: skip
    what = ("frames as fast as the network takes them, reconnecting at once when cut"
            if args.hostile_kind == "frame-flood" else
            f"{args.hostile_kind} at 95% of the resync limit ({RESYNC_RATE[0]} per "
            f"{RESYNC_RATE[1]:g} s)")  # fmt: skip
    print(f"\n{args.hostile} hostile sockets, {what}; {watched}; {PAIRS} quiet and {PAIRS} "
          f"flood windows, alternating:")  # fmt: skip
    print(f"  quiet:   {len(calm)} moves, p50 {ms(calm, 0.5)}, p95 {ms(calm, 0.95)}, "
          f"p99 {ms(calm, 0.99)} ms")  # fmt: skip
    print(f"  flood:   {len(hot)} moves ({', '.join(map(str, flood['moves']))} per window), "
          f"p50 {ms(hot, 0.5)}, p95 {ms(hot, 0.95)}, p99 {ms(hot, 0.99)} ms; {stats.refused} "
          f"frames to the hostile sockets other than errors "
          f"({stats.refused / max(seconds, 1e-9):.1f}/s)")  # fmt: skip
    if flood_cpu is not None:
        print(f"  the flooders ran in a process of their own: {flood_cpu:.1f} s of CPU in all")
    if calm and hot:
        for q in (0.95, 0.99):
            ratio = percentile(hot, q) / max(percentile(calm, q), 1e-9)
            print(f"  p{round(q * 100)} flood / quiet: {ratio:.2f}x")
    memory = flood["memory"]
    after = ", ".join(f"{m / 2**20:.0f}" for m in memory["after"])
    print(f"  Daphne resident memory: {memory['base'] / 2**20:.0f} MB before, peak "
          f"{memory['peak'] / 2**20:.0f} MB in the flood windows, {after} MB at the end of "
          f"each quiet window after one")  # fmt: skip
    if cuts and cuts.get("cuts"):
        print(f"  sockets cut for flooding in the flood windows: {cuts['cuts']}; seconds from a "
              f"socket's first frame to its cut: p50 {cuts['cut_p50']:.2f}, max "
              f"{cuts['cut_max']:.2f}; frames it had written by then: p50 {cuts['frames_p50']}, "
              f"max {cuts['frames_max']}")  # fmt: skip
    elif cuts is not None and args.hostile_kind == "frame-flood":
        print("  no socket was cut for flooding within the flood windows")


if __name__ == "__main__":  # the flood's own process (Flood)
    asyncio.run(_flood(json.loads(sys.stdin.readline())["sockets"]))
