"""bench/load.py's lobby figures (issue 25): what an idle lobby viewer costs, and resync
floods at the rate the server allows.

`--lobby-idle N`: instead of playing, open N lobby sockets (anonymous, 50 per address) on
a lobby of `--lobby-tables` public tables, wait for each first list, and measure the Daphne
processes' CPU over `--seconds` while nothing changes; printed per viewer per minute, with
the same processes' CPU over an equal window before any socket opened subtracted.

`--hostile K --hostile-kind table-resync|lobby-resync`: K hostile sockets send `resync` at
the resync limit (WHIST_WS_RESYNC_RATE): spectators of the first tables, or lobby sockets
that ask for pages no one else asks for (`list` with another `before` each time, drawn
among the ids the lobby lists, so that no two ask for the same) between plain `resync`s.
Each hostile socket connects from an address of its own (a botnet's), so that only the
per-socket limits hold it back, not the per-address one. A quiet window (no hostile socket)
is measured first on the same tables; the report prints both p99s of the tables the hostile
sockets do not watch, and their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from collections import Counter
from typing import Any

import websockets

HOSTILE_KINDS = ("refused", "table-resync", "lobby-resync")
RESYNC_RATE = (5, 10.0)  # WHIST_WS_RESYNC_RATE (whistsite/settings.py): stay within it
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


async def quiet_window(args: argparse.Namespace, stats: Any) -> dict[str, Any]:
    """Measure the tables before any hostile socket opens; the stats start again after."""
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    await asyncio.sleep(args.seconds)
    stats.measuring = False
    quiet = {"latencies": list(stats.latencies), "moves": stats.moves}
    stats.latencies.clear()
    stats.moves = stats.gaps = stats.lost = 0
    stats.errors.clear()
    return quiet


async def resync_flooder(url: str, cookie: str | None, stats: Any, stop: asyncio.Event,
                         lobby: bool, rng: random.Random, address: str) -> None:  # fmt: skip
    """A socket sending `resync` (the lobby's: alternately `list` of a page nobody else asks
    for, `before` among the listed ids) at 95% of the resync limit; answers counted."""
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
                    if not stats.measuring:
                        continue
                    if message["type"] == "error":
                        stats.errors[f"hostile {message.get('code')}"] += 1
                    else:
                        stats.refused += 1  # tables, mine, current, state, or a lobby row

            reader = asyncio.get_running_loop().create_task(drain())
            sent = 0
            try:
                while not stop.is_set():
                    if lobby and sent % 2:
                        frame = {"type": "list", "before": rng.randrange(*listed)}
                    else:
                        frame = {"type": "resync", "version": -1}
                    await ws.send(json.dumps(frame))
                    sent += 1
                    await asyncio.sleep(pause)
            finally:
                reader.cancel()
    except websockets.ConnectionClosed as exc:
        stats.closed[exc.rcvd.code if exc.rcvd else 1006] += 1


def start_resync_flood(args: argparse.Namespace, ports: list[int], users: list, attacks: list,
                       stats: Any, stop: asyncio.Event, household: Any) -> None:  # fmt: skip
    rng = random.Random(7)
    for i, (_user, cookie) in enumerate(users):
        address = household(20_000 + i)  # one address each, apart from the tables' own
        port = ports[i % len(ports)]
        if args.hostile_kind == "lobby-resync":
            url, lobby = f"ws://127.0.0.1:{port}/ws/lobby/", True
        else:
            url, lobby = f"ws://127.0.0.1:{port}/ws/table/{attacks[i % len(attacks)][0]}/", False
        asyncio.create_task(resync_flooder(url, cookie, stats, stop, lobby, rng, address))


def report_flood(args: argparse.Namespace, stats: Any, quiet: dict[str, Any] | None,
                 elapsed: float) -> None:  # fmt: skip
    from load_report import ms

    from games.engine.arena import percentile

    if quiet is None:
        return
    calm, hot = quiet["latencies"], stats.latencies
    watched = "the tables no hostile socket watches" if args.hostile_kind == "table-resync" \
        else "every table"  # fmt: skip
    print(f"\n{args.hostile} hostile sockets, {args.hostile_kind} at 95% of the resync limit "
          f"({RESYNC_RATE[0]} per {RESYNC_RATE[1]:g} s), {watched}:")  # fmt: skip
    print(f"  quiet:   {quiet['moves']} moves, p50 {ms(calm, 0.5)}, p99 {ms(calm, 0.99)} ms")
    print(f"  hostile: {stats.moves} moves, p50 {ms(hot, 0.5)}, p99 {ms(hot, 0.99)} ms; "
          f"{stats.refused} frames to the hostile sockets other than errors (lists, mine, "
          f"current, states, and the lobby's rows of real changes: "
          f"{stats.refused / max(elapsed, 1e-9):.1f}/s)")  # fmt: skip
    if calm and hot:
        ratio = percentile(hot, 0.99) / max(percentile(calm, 0.99), 1e-9)
        print(f"  p99 hostile / quiet: {ratio:.2f}x")
