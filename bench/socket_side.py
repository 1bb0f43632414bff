"""The socket side of a move in machine instructions, which the machine's load does not change:
what a server process's event loop does per move (the act frame's decoding and checks, the
hop to a database thread and back, the group message's arrival at each of the table's
sockets, each seat's frame sent), against bench/bare_relay.py's consumer doing the same.

`--tables` Whist tables of four humans, every socket in this one process (channels'
WebsocketCommunicator on the site's ASGI application, with the Redis channel layer of
REDIS_URL and PostgreSQL), play `--moves` moves one at a time: the seat to act sends its
first legal action and each of the four sockets reads the new state. Under callgrind only
the event loop's thread is counted, and only while the counted moves run (inside
`functools.reduce`, the one C function callgrind counts in: --toggle-collect): the database
thread (`services.move_play`, the broadcast's build) is not, nor the process's start or
the sockets' opening. The same clients then play the bare relay (Daphne's part aside:
no Daphne here, the frames go to and from the communicators), sending frames of the site's
mean state size. Both figures include the clients' own share (each frame sent, read and
decoded by json.loads); the difference is the site's over the bare consumer's.

Heartbeats, the lost-publish look and the watchdog are timed by the clock, which callgrind
slows 50-fold: their periods are set far beyond the run (the load bench counts them).
Instructions are also given in bench/engine.py's calibration shuffles (counted under
callgrind as bench/engine_instructions.py counts them).

Its database is `<DATABASE_URL's name>_socket_side_<pid>` (made, migrated, dropped at the
end: two runs at once do not meet).
Run: `.venv/bin/python bench/socket_side.py [--tables 10] [--moves 200] [--warm 40]
[--root DIR] [--no-bare] [--native]` (`--root`: the code of another checkout, e.g. main's;
`--native`: no callgrind, the loop thread's CPU time instead, for a quick look or py-spy).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from functools import reduce
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
TIMEOUT = 600.0  # seconds a socket waits for a frame (callgrind is slow)
# Clock-timed work kept out of the run: its periods, seconds.
QUIET = {
    "WHIST_PRESENCE_BEAT": "100000", "WHIST_PRESENCE_STALE": "200000",
    "WHIST_LOST_PUBLISH_EVERY": "100000", "WHIST_WATCHDOG_EVERY": "100000",
    "WHIST_PROCESS_BEAT": "100000", "WHIST_PROCESS_TTL": "200000",
}  # fmt: skip
HEADERS = [(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]


def arguments() -> argparse.Namespace:
    sys.path[:0] = [str(ROOT)]
    from bench.arguments import Parser, whole_number

    parser = Parser(prog="socket_side.py", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=whole_number(1), default=10)
    parser.add_argument("--moves", type=whole_number(1), default=200, help="counted moves")
    parser.add_argument("--warm", type=whole_number(0), default=40, help="moves before them")
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose site runs")
    parser.add_argument("--bare", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--native", action="store_true", help="no callgrind: thread CPU time")
    parser.add_argument("--profile", type=Path, help="with --native: cProfile's stats of the "
                        "site's counted moves to this file (the event loop's thread)")  # fmt: skip
    args = parser.parse_args()
    if args.warm + args.moves > 40 * args.tables:
        parser.error("at most 40 moves a table (one deal each): more --tables")
    return args


def environment(root: Path) -> dict[str, str]:
    sys.path[:0] = [str(BENCH), str(ROOT)]
    from django_env import bench_database, environment

    base = os.environ.get("DATABASE_URL", "postgres://whist:whist@127.0.0.1:5432/whist")
    name = urlsplit(base).path.strip("/") or "whist"
    os.environ.setdefault("DATABASE_URL", base)
    return {
        **os.environ, **environment("127.0.0.1"), **QUIET,
        "DATABASE_URL": bench_database(f"{name}_socket_side_{os.getpid()}"),
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379"),
        "PYTHONPATH": str(root), "PYTHONHASHSEED": "0",
    }  # fmt: skip


def make_tables(env: dict[str, str], count: int) -> list[tuple[int, list[str]]]:
    """A migrated database of `count` started Whist tables: (id, each seat's cookie)."""
    from bench.capacity import drop_database, ensure_database

    os.environ.update({k: v for k, v in env.items() if k != "PYTHONPATH"})
    drop_database(env["DATABASE_URL"])
    ensure_database(env["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    from load import Room

    room = Room(argparse.Namespace(players=4, bots=0, game="whist", level="beginner"))
    return [(table_id, [cookie for _, cookie in seats]) for table_id, seats in
            (room.table() for _ in range(count))]  # fmt: skip


def run_inner(spec: dict[str, Any], env: dict[str, str], native: bool) -> dict[str, Any]:
    """Run the clients in a process of their own (under callgrind unless `native`)."""
    with tempfile.TemporaryDirectory(prefix="socket-side-") as tmp:
        spec_file, out = Path(tmp) / "spec.json", Path(tmp) / "callgrind.out"
        spec_file.write_text(json.dumps(spec))
        command = [sys.executable, str(Path(__file__)), "--inner", str(spec_file)]
        if not native:
            command[:0] = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                           "--collect-atstart=no", "--toggle-collect=functools_reduce"]  # fmt: skip
        done = subprocess.run(command, env=env, cwd=spec["root"], capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"socket_side.py: the clients failed:\n{done.stderr[-3000:]}")
        result = json.loads((Path(tmp) / "result.json").read_text())
        if not native:
            found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
            assert found, "no totals in callgrind's output"
            result["instructions"] = int(found.group(1))
        return result


async def _open(application: Any, path: str, cookie: str) -> Any:
    from channels.testing import WebsocketCommunicator

    headers = [*HEADERS, (b"cookie", cookie.encode())] if cookie else HEADERS
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=TIMEOUT)
    assert connected, path
    return socket


async def _drain(socket: Any) -> list[dict[str, Any]]:
    """Every frame the socket has been sent and not read, decoded."""
    frames = []
    while not socket.output_queue.empty():
        message = await socket.receive_output(TIMEOUT)
        if message.get("type") == "websocket.send":
            frames.append(json.loads(message["text"]))
    return frames


class Table:
    """One table's four sockets and the newest state each has read."""

    def __init__(self, sockets: list[Any]) -> None:
        self.sockets, self.states = sockets, [None] * len(sockets)

    def take(self, seat: int, frames: list[dict[str, Any]]) -> None:
        for frame in frames:
            if frame.get("type") == "state":
                self.states[seat] = frame

    async def move(self, sizes: list[int]) -> None:
        """The seat to act plays its first legal action; every socket reads the new state."""
        version = self.states[0]["version"]
        actor = self.states[0]["view"]["to_act"]
        action = {k: v for k, v in self.states[actor]["view"]["legal"][0].items() if k != "seat"}
        # The communicators' own send_to and receive_from patch the clock on each call:
        # their queues are used directly, the clients' share of the count kept small.
        text = json.dumps({"type": "act", "version": version, "action": action})
        self.sockets[actor].input_queue.put_nowait({"type": "websocket.receive", "text": text})
        for seat, socket in enumerate(self.sockets):
            while True:
                text = (await socket.output_queue.get())["text"]
                frame = json.loads(text)
                if frame.get("type") == "error":
                    raise RuntimeError(f"seat {seat}: {frame}")
                if frame.get("type") == "state" and frame["version"] > version:
                    self.states[seat] = frame
                    sizes.append(len(text))
                    break


async def _tables(spec: dict[str, Any]) -> list[Table]:
    if spec["bare"]:
        from bench.bare_relay import application

        paths = [(f"/ws/table/{n}/?seat={s}&players=4&size={spec['size']}", "")
                 for n, _ in spec["tables"] for s in range(4)]  # fmt: skip
    else:
        from whistsite.asgi import application

        paths = [(f"/ws/table/{t}/", cookie) for t, cookies in spec["tables"] for cookie in cookies]
    sockets = [await _open(application, path, cookie) for path, cookie in paths]
    tables = [Table(sockets[i : i + 4]) for i in range(0, len(sockets), 4)]
    quiet = 0
    while quiet < 3:  # the seats' `connected` is published a moment after their opening
        await asyncio.sleep(1.0)
        heard = False
        for table in tables:
            for seat, socket in enumerate(table.sockets):
                frames = await _drain(socket)
                table.take(seat, frames)
                heard = heard or bool(frames)
        done = all(s is not None for t in tables for s in t.states)
        quiet = quiet + 1 if done and not heard else 0
    for table in tables:
        assert len({s["version"] for s in table.states}) == 1, "a table's sockets disagree"
    return tables


async def _play(tables: list[Table], moves: int, sizes: list[int]) -> None:
    async def play() -> None:
        for i in range(moves):
            await tables[i % len(tables)].move(sizes)

    await asyncio.wait_for(play(), TIMEOUT * (1 + moves / 10))  # never a silent hang


def inner(spec_file: Path) -> None:
    spec = json.loads(spec_file.read_text())
    import django

    django.setup()
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    tables = loop.run_until_complete(_tables(spec))
    sizes: list[int] = []
    loop.run_until_complete(_play(tables, spec["warm"], sizes))
    sizes.clear()
    profile = None
    if spec.get("profile"):  # --profile: the counted moves under cProfile, to a file
        import cProfile

        profile = cProfile.Profile()
        profile.enable()
    start = time.thread_time()
    # Counted: the event loop's thread while in reduce (callgrind's --toggle-collect).
    reduce(lambda _, __: loop.run_until_complete(_play(tables, spec["moves"], sizes)), [0], None)
    spent = time.thread_time() - start
    if profile is not None:
        profile.disable()
        profile.dump_stats(spec["profile"])
    for table in tables:
        for socket in table.sockets:
            loop.run_until_complete(socket.disconnect())
    result = {"cpu": spent, "size": round(sum(sizes) / len(sizes))}
    (spec_file.parent / "result.json").write_text(json.dumps(result))


def shuffle_instructions() -> float:
    """bench/engine.py's calibration shuffle in instructions (bench/engine_instructions.py)."""
    from bench.engine_instructions import SHUFFLES, instructions

    return instructions(ROOT, "shuffle", 0, SHUFFLES) / SHUFFLES


def main() -> None:
    if sys.argv[1:2] == ["--inner"]:  # the clients: the checkout's code from PYTHONPATH
        inner(Path(sys.argv[2]))
        return
    args = arguments()
    env = environment(args.root.resolve())
    tables = make_tables(env, args.tables)
    spec = {"tables": tables, "warm": args.warm, "moves": args.moves, "bare": False,
            "size": 0, "root": str(args.root.resolve())}  # fmt: skip
    try:
        profile = str(args.profile.resolve()) if args.profile and args.native else None
        site = run_inner({**spec, "profile": profile}, env, args.native)
        bare = run_inner({**spec, "bare": True, "size": site["size"]}, env, args.native) \
            if args.bare else None  # fmt: skip
    finally:
        from bench.capacity import drop_database

        drop_database(env["DATABASE_URL"])
    print(f"socket_side.py: {args.tables} Whist tables x 4 sockets in one process, "
          f"{args.moves} moves counted after {args.warm}; code of "
          f"{args.root.resolve()}")  # fmt: skip
    if args.native:
        from bench.engine import calibration

        shuffles = calibration(2.0)
        for name, run in (("site", site), ("bare", bare)):
            if run is not None:
                per = run["cpu"] / args.moves
                print(f"{name}: {1e6 * per:,.0f} us of the loop thread's CPU a move = "
                      f"{per * shuffles:.1f} shuffles ({run['size']}-byte states)")  # fmt: skip
        print(f"calibration {shuffles:,.0f} shuffles/s")
        return
    shuffle = shuffle_instructions()
    for name, run in (("site", site), ("bare", bare)):
        if run is not None:
            per = run["instructions"] / args.moves
            print(f"{name}: {per:,.0f} instructions of the event loop's thread a move = "
                  f"{per / shuffle:.1f} shuffles ({run['size']}-byte states)")  # fmt: skip
    if bare is not None:
        print(f"the site over the bare consumer: "
              f"{(site['instructions'] - bare['instructions']) / args.moves / shuffle:.1f} "
              f"shuffles a move, {site['instructions'] / bare['instructions']:.2f}x")  # fmt: skip
    print(f"calibration: {shuffle:,.0f} instructions a shuffle (bench/engine_instructions.py)")


if __name__ == "__main__":
    main()
