"""What an open table socket holds in a Daphne process: tracemalloc snapshots diffed between N
and 2N sockets in one Daphne.

Starts bench/load.py's stack (its own Redis and database, one Celery worker) with one Daphne
run under tracemalloc (bench/traced_daphne.py), opens T tables of P human seats (bench/load.py's
players, playing a move `--think` seconds after their turn; `--think 3600`: idle), waits
`--settle` seconds, takes a snapshot; opens T tables more, waits, takes another. Printed, never
asserted: the traced growth per socket added, in all and by owner (the innermost frame of the
allocation's traceback in the project's code, else in a library, else anywhere), by the line
that allocated it, and by object type (the collector's objects, shallow sizes); and the
resident growth per socket, which tracemalloc's own bookkeeping inflates (the load bench's
figure is the one without it).

Run: `.venv/bin/python bench/socket_memory.py [--tables 100] [--players 4] [--game whist]
[--think 2] [--settle 10] [--batch 10] [--top 25] [--layer pubsub]`; with KEEP=1 in the
environment the folder of the snapshots and the servers' logs is kept (its path printed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(BENCH), str(ROOT)]

from load import LAYERS, Room, _seconds  # noqa: E402
from load_clients import Player, Stats, TableClock  # noqa: E402
from load_lobby import last_error  # noqa: E402
from load_stack import Stack, household  # noqa: E402

from bench.arguments import Parser, whole_number  # noqa: E402

LIBRARIES = f"{os.sep}site-packages{os.sep}"


def arguments() -> argparse.Namespace:
    parser = Parser(prog="socket_memory.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=100, help="tables per step")
    parser.add_argument("--players", type=whole_number(2), default=4)
    parser.add_argument("--game", choices=["knockout", "whist", "german"], default="whist")
    parser.add_argument("--think", type=_seconds, default=2.0, help="seconds before a move")
    parser.add_argument("--settle", type=_seconds, default=10.0,
                        help="seconds from a step's last socket to its snapshot")  # fmt: skip
    parser.add_argument("--batch", type=whole_number(1), default=10,
                        help="tables whose sockets open at once")  # fmt: skip
    parser.add_argument("--top", type=whole_number(1), default=25, help="rows per table")
    parser.add_argument("--layer", choices=LAYERS, default="pubsub")
    parser.add_argument("--frames", type=whole_number(1), default=16,
                        help="frames tracemalloc keeps per allocation")  # fmt: skip
    args = parser.parse_args()
    if args.game == "whist" and args.players != 4 or args.game == "german" and args.players != 2:
        parser.error(f"{args.game} is for {4 if args.game == 'whist' else 2} players")
    # What bench/load_stack.py's Stack and bench/load.py's Room read of a load run's arguments.
    args.daphne, args.workers, args.bots, args.level = 1, 1, 0, "beginner"
    return args


class TracedStack(Stack):
    daphne_module = "bench.traced_daphne"


async def open_tables(room: Room, count: int, first: int, port: int, stats: Stats,
                      args: argparse.Namespace, rng: random.Random) -> list[Player]:  # fmt: skip
    """`count` new tables, each with its human seats' sockets open and their first state in."""

    async def one(index: int) -> list[Player]:
        table_id, seats = await asyncio.to_thread(room.table)
        clock = TableClock(len(seats), stats, False)
        url = f"ws://127.0.0.1:{port}/ws/table/{table_id}/"
        address = household(index)
        players = [Player(url, cookie, seat, clock, args.think, rng, address)
                   for seat, cookie in seats]  # fmt: skip
        readies = [asyncio.Event() for _ in players]
        for player, ready in zip(players, readies, strict=True):
            asyncio.create_task(player.run(ready))
        await asyncio.gather(*(ready.wait() for ready in readies))
        while any(p.opened_at is None for p in players) and sum(stats.closed.values()) == 0:
            await asyncio.sleep(0.1)
        return players

    opened: list[Player] = []
    for start in range(0, count, args.batch):  # a handshake storm under tracemalloc timed out
        batch = range(first + start, first + min(start + args.batch, count))
        for players in await asyncio.gather(*(one(i) for i in batch)):
            opened.extend(players)
    return opened


def snapshot(stack: Stack, folder: Path, number: int) -> tuple[Path, int]:
    """Ask the traced Daphne for snapshot `number`; its file and Daphne's resident bytes."""
    _, process = stack.daphnes[0]
    resident = process.memory_info().rss
    os.kill(process.pid, signal.SIGUSR2)
    target = folder / f"snapshot-{number}.pickle"
    deadline = time.monotonic() + 600
    while not (folder / f"types-{number}.json").exists():
        if time.monotonic() > deadline:
            sys.exit(f"socket_memory.py: no snapshot {number} within 600 s")
        time.sleep(0.5)
    return target, resident


async def measure(stack: Stack, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    port = stack.daphnes[0][0]
    room, stats, rng = Room(args), Stats(), random.Random(1)
    os.kill(stack.daphnes[0][1].pid, signal.SIGUSR1)  # tracing from here on
    taken = []
    for step in range(2):
        await open_tables(room, args.tables, step * args.tables, port, stats, args, rng)
        await asyncio.sleep(args.settle)
        taken.append(await asyncio.to_thread(snapshot, stack, folder, step + 1))
    return {"snapshots": taken, "closed": dict(stats.closed), "gaps": stats.gaps,
            "log": last_error(stack) if stats.closed else ""}  # fmt: skip


def owner(frames: Any) -> str:
    """Where an allocation belongs: the innermost frame in the project's code, else in a
    library, else the innermost frame."""
    project = library = None
    for frame in reversed(frames):  # innermost first (tracemalloc's order is outermost first)
        name = frame.filename
        if project is None and name.startswith(str(ROOT)) and LIBRARIES not in name:
            project = frame
            break
        if library is None and LIBRARIES in name:
            library = frame
    chosen = project or library or frames[-1]
    return f"{short(chosen.filename)}:{chosen.lineno}"


def short(filename: str) -> str:
    if LIBRARIES in filename:
        return filename.split(LIBRARIES, 1)[1]
    if filename.startswith(str(ROOT)):
        return os.path.relpath(filename, ROOT)
    return "/".join(Path(filename).parts[-2:])


def grouped(path: Path) -> tuple[Counter, Counter, Counter, Counter]:
    """(bytes, blocks) by owner and (bytes, blocks) by allocating line, of one snapshot."""
    snap = tracemalloc.Snapshot.load(str(path)).filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)]
    )
    by_owner, owner_blocks, by_line, line_blocks = Counter(), Counter(), Counter(), Counter()
    for stat in snap.statistics("traceback"):
        key = owner(stat.traceback)
        by_owner[key] += stat.size
        owner_blocks[key] += stat.count
        line = f"{short(stat.traceback[-1].filename)}:{stat.traceback[-1].lineno}"
        by_line[line] += stat.size
        line_blocks[line] += stat.count
    return by_owner, owner_blocks, by_line, line_blocks


def table(title: str, before: Counter, after: Counter, blocks_before: Counter,
          blocks_after: Counter, sockets: int, top: int) -> None:  # fmt: skip
    grown = Counter(after)
    grown.subtract(before)
    print(f"\n{title} (bytes per socket added, blocks per socket)")
    for key, size in grown.most_common(top):
        blocks = (blocks_after[key] - blocks_before[key]) / sockets
        print(f"{size / sockets:>9.0f} {blocks:>7.1f}  {key}")


def report(args: argparse.Namespace, run: dict[str, Any], folder: Path) -> None:
    (first, rss1), (second, rss2) = run["snapshots"]
    sockets = args.tables * args.players
    a, b = grouped(first), grouped(second)
    total = sum(b[0].values()) - sum(a[0].values())
    print(f"\nsocket_memory.py: {args.tables} + {args.tables} tables x {args.players} seats "
          f"({args.game}), think {args.think:g} s, settle {args.settle:g} s, layer {args.layer}, "
          f"one traced Daphne ({args.frames} frames)")  # fmt: skip
    print(f"traced growth per socket: {total / sockets / 1024:.1f} KB; resident growth per "
          f"socket under tracemalloc {(rss2 - rss1) / sockets / 1024:.1f} KB "
          f"(inflated by tracemalloc's own bookkeeping)")  # fmt: skip
    print(f"unexpected closes: {run['closed'] or 'none'}; gaps: {run['gaps']}")
    if run["log"]:
        print(f"Daphne's log ends: {run['log']}")
    table("by owner", a[0], b[0], a[1], b[1], sockets, args.top)
    table("by allocating line", a[2], b[2], a[3], b[3], sockets, args.top)
    found = [json.loads((folder / f"types-{n}.json").read_text()) for n in (1, 2)]
    types = [f["types"] for f in found]
    print(
        f"traced at the second snapshot {found[1]['traced'] / 2**20:.1f} MB, its peak since "
        f"the first {found[1]['peak'] / 2**20:.1f} MB (transient: "
        f"{(found[1]['peak'] - found[1]['traced']) / sockets / 1024:.1f} KB per socket added)"
    )
    print("\nobjects the collector tracks, by type (objects per socket added, shallow bytes per "
          "socket)")  # fmt: skip
    grown = {k: (v[0] - types[0].get(k, [0, 0])[0], v[1] - types[0].get(k, [0, 0])[1])
             for k, v in types[1].items()}  # fmt: skip
    for name, (count, size) in sorted(grown.items(), key=lambda kv: -kv[1][1])[: args.top]:
        print(f"{size / sockets:>9.0f} {count / sockets:>7.2f}  {name}")


def main() -> None:
    args = arguments()
    keep = bool(os.environ.get("KEEP"))
    with tempfile.TemporaryDirectory(prefix="socket-memory-", delete=not keep) as tmp:
        folder = Path(tmp)
        stack = TracedStack(args, folder)
        stack.env.update(WHIST_TRACE_DIR=str(folder), WHIST_TRACE_FRAMES=str(args.frames))
        try:
            stack.start()
            run = asyncio.run(measure(stack, args, folder))
        finally:
            stack.close()
        report(args, run, folder)
        if keep:
            print(f"snapshots and logs kept in {folder}")


if __name__ == "__main__":
    main()
