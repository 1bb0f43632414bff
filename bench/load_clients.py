"""The players of bench/load.py: WebSocket clients that play random legal moves with a think
time, and the per-table clock that times each move from `act` to every seat's new state.

A seated client acts when its seat's view says it is to act; the table's clock starts when
the `act` leaves and stops when every seat of the table holds a state of a higher version.
Hostile clients send refused moves to tables they do not sit at, at their rate limit.

A client reads of each frame only the fields it acts on (`Frame`: msgspec skips the rest
without making objects of them) and keeps nothing of it between frames. Each of 800 sockets
held its last state, parsed whole (80 lists and dicts), while it waited for the next: the
young generation of the collector held 35,000-60,000 of them at each collection, and each
young collection walked them all, a pause of every client's reading (docs/benchmarks.md,
"the bench's own collections").
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import msgspec
import websockets

ANSWER_TIMEOUT = 10.0  # an act with neither a new state nor an error after this is lost
HANDSHAKE_TRIES = 5  # a failed handshake is tried again, as the page does, this often at most


class TablePart(msgspec.Struct, gc=False):
    status: str = ""


class ViewPart(msgspec.Struct, gc=False):
    to_act: int | None = None
    legal: list[dict[str, Any]] = []  # only the seat to act gets any


class Frame(msgspec.Struct, gc=False):
    """What a client reads of a server frame (docs/protocol.md); every other field is skipped.
    Untracked by the collector (gc=False): it holds no cycle, only `legal`'s plain dicts."""

    type: str = ""
    version: int | None = None
    code: str | None = None  # an error's
    table: TablePart | None = None
    view: ViewPart | None = None


read_frame = msgspec.json.Decoder(Frame).decode


@dataclass
class Stats:
    """Everything the clients count, for the whole run."""

    latencies: list[float] = field(default_factory=list)  # seconds, act -> all seats
    done_at: list[float] = field(default_factory=list)  # when each of `latencies` ended
    hostile_latencies: list[float] = field(default_factory=list)  # of tables under attack
    moves: int = 0
    gaps: int = 0  # a socket saw version v, then a version above v + 1 (from its first frame)
    errors: Counter = field(default_factory=Counter)
    lost: int = 0
    refused: int = 0  # hostile frames answered with an error
    finished: int = 0
    closed: Counter = field(default_factory=Counter)  # unexpected closes, by code
    measuring: bool = False
    frame_bytes: int = 0  # the state frames the seats got while measured, and their size
    frames: int = 0

    def frame_size(self) -> int:
        """The mean size of a state frame (what the bare relay sends instead)."""
        return round(self.frame_bytes / self.frames) if self.frames else 2000


class TableClock:
    """Times one table's moves: from an act to the moment all its seats show a newer version."""

    def __init__(self, seats: int, stats: Stats, attacked: bool) -> None:
        self.seats, self.stats, self.attacked = seats, stats, attacked
        self.pending: tuple[int, float, set[int]] | None = None
        self.over = asyncio.Event()

    def sent(self, version: int) -> None:
        self.pending = (version, time.perf_counter(), set())

    def seen(self, seat: int, version: int) -> None:
        if self.pending is None or version <= self.pending[0]:
            return
        acted, start, seats = self.pending
        seats.add(seat)
        if len(seats) == self.seats:
            self.pending = None
            if self.stats.measuring:
                self.stats.moves += 1
                now = time.perf_counter()
                if self.attacked:
                    self.stats.hostile_latencies.append(now - start)
                else:
                    self.stats.latencies.append(now - start)
                    self.stats.done_at.append(now)

    def check_lost(self) -> None:
        if self.pending and time.perf_counter() - self.pending[1] > ANSWER_TIMEOUT:
            self.pending = None
            self.stats.lost += self.stats.measuring


class Player:
    """One seated socket that plays a random legal action `think` seconds after its turn.
    It sends no keepalive pings, as a page sends none (800 sockets pinged 40 times a second,
    and a snapshot of bench/socket_memory.py left pings unanswered until they closed); it
    answers the server's."""

    def __init__(
        self, url: str, cookie: str, seat: int, clock: TableClock, think: float, rng: random.Random,
        address: str = "127.0.0.1",
    ) -> None:  # fmt: skip
        self.url, self.cookie, self.seat, self.address = url, cookie, seat, address
        self.clock, self.think, self.rng = clock, think, rng
        self.version = -1
        self.acted = -1  # the version we last acted on (act once per version)
        self.opened_at: float | None = None  # when its first state came (perf_counter)

    async def run(self, ready: asyncio.Event) -> None:
        connection = await self._open()
        ready.set()
        if connection is None:
            return
        async with connection as ws:
            try:
                async for frame in ws:
                    self._on(ws, frame)
                    if self.clock.over.is_set():
                        return
            except websockets.ConnectionClosed as exc:
                self.clock.stats.closed[exc.rcvd.code if exc.rcvd else 1006] += 1

    async def _open(self) -> websockets.ClientConnection | None:
        """Its socket. A handshake that fails is counted by its cause and how long it took (a
        Daphne whose application has not accepted within its connect timeout, 5 s, refuses
        with HTTP 403), and tried again as the page does (static/js/reconnect.js: after about
        1 s, doubling), HANDSHAKE_TRIES times at most: never a silent hang, never a table
        that waits for a seat that will not come."""
        origin = self.url.split("/ws/")[0].replace("ws://", "http://")
        headers = {"Cookie": self.cookie, "Origin": origin}
        delay = 1.0
        for _ in range(HANDSHAKE_TRIES):
            start = time.perf_counter()
            try:
                return await websockets.connect(
                    self.url, additional_headers=headers, max_size=2**22, open_timeout=60,
                    local_addr=(self.address, 0), ping_interval=None,
                )  # fmt: skip
            except websockets.InvalidStatus as exc:
                why = f"HTTP {exc.response.status_code}"
            except (OSError, TimeoutError, websockets.WebSocketException) as exc:
                why = f"{type(exc).__name__}: {exc}"[:100]
            took = time.perf_counter() - start
            self.clock.stats.closed[f"connect: {why} after {took:.0f} s"] += 1
            await asyncio.sleep(delay * self.rng.uniform(0.5, 1.5))
            delay = min(delay * 2, 10.0)
        self.clock.stats.closed["connect: given up"] += 1
        return None

    def _on(self, ws: Any, frame: str | bytes) -> None:
        stats, message = self.clock.stats, read_frame(frame)
        if message.type == "error":
            stats.errors[message.code] += stats.measuring
            return
        if message.type != "state" or message.version is None or message.table is None:
            return
        if stats.measuring:
            stats.frame_bytes += len(frame)
            stats.frames += 1
        version = message.version
        if self.opened_at is None:
            self.opened_at = time.perf_counter()
        if self.version >= 0 and version > self.version + 1:
            stats.gaps += 1  # from the first frame on, measured or not
        self.version = max(self.version, version)
        self.clock.seen(self.seat, version)
        view, status = message.view, message.table.status
        if status != "playing":
            if status == "finished" and not self.clock.over.is_set():
                stats.finished += 1
                self.clock.over.set()
            return
        if view and view.to_act == self.seat and view.legal and version > self.acted:
            self.acted = version
            asyncio.get_running_loop().create_task(self._act(ws, version, view.legal))

    async def _act(self, ws: Any, version: int, legal: list[dict[str, Any]]) -> None:
        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        if version != self.version:
            return  # the table moved on meanwhile (a timeout, say)
        event = {k: v for k, v in self.rng.choice(legal).items() if k not in ("seat", "max")}
        if event["action"] == "exchange":
            event["discard"] = []
        self.clock.sent(version)
        try:
            await ws.send(json.dumps({"type": "act", "version": version, "action": event}))
        except websockets.ConnectionClosed:
            pass


async def hostile(url: str, cookie: str, stats: Stats, rate: float, stop: asyncio.Event) -> None:
    """A socket at a table it has no seat at, sending moves at `rate` per second."""
    origin = url.split("/ws/")[0].replace("ws://", "http://")
    headers = {"Cookie": cookie, "Origin": origin}
    async with websockets.connect(
        url, additional_headers=headers, open_timeout=60, ping_interval=None
    ) as ws:

        async def drain() -> None:
            async for frame in ws:
                if read_frame(frame).type == "error":
                    stats.refused += stats.measuring

        reader = asyncio.get_running_loop().create_task(drain())
        act = {"action": "play", "card": "AS"}
        frame = json.dumps({"type": "act", "version": 1, "action": act})
        try:
            while not stop.is_set():
                await ws.send(frame)
                await asyncio.sleep(1.0 / rate)
        except websockets.ConnectionClosed as exc:
            stats.closed[exc.rcvd.code if exc.rcvd else 1006] += 1
        finally:
            reader.cancel()
