"""The players of bench/load.py: WebSocket clients that play random legal moves with a think
time, and the per-table clock that times each move from `act` to every seat's new state.

A seated client acts when its seat's view says it is to act; the table's clock starts when
the `act` leaves and stops when every seat of the table holds a state of a higher version.
Hostile clients send refused moves to tables they do not sit at, at their rate limit.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import websockets

ANSWER_TIMEOUT = 10.0  # an act with neither a new state nor an error after this is lost


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
    """One seated socket that plays a random legal action `think` seconds after its turn."""

    # Seconds the client waits for the answer to its keepalive ping (websockets' default);
    # None: never gives up (bench/socket_memory.py: a snapshot blocks the server for long).
    ping_timeout: float | None = 20.0

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
        origin = self.url.split("/ws/")[0].replace("ws://", "http://")
        headers = {"Cookie": self.cookie, "Origin": origin}
        try:
            connection = await websockets.connect(
                self.url, additional_headers=headers, max_size=2**22, open_timeout=60,
                local_addr=(self.address, 0), ping_timeout=self.ping_timeout,
            )  # fmt: skip
        except (OSError, TimeoutError, websockets.WebSocketException) as exc:
            # Counted and shown (a refused or timed-out handshake), never a silent hang.
            self.clock.stats.closed[f"connect: {type(exc).__name__}: {exc}"[:120]] += 1
            ready.set()
            return
        async with connection as ws:
            ready.set()
            try:
                async for frame in ws:
                    message = json.loads(frame)
                    if message.get("type") == "state" and self.clock.stats.measuring:
                        self.clock.stats.frame_bytes += len(frame)
                        self.clock.stats.frames += 1
                    await self._on(ws, message)
                    if self.clock.over.is_set():
                        return
            except websockets.ConnectionClosed as exc:
                self.clock.stats.closed[exc.rcvd.code if exc.rcvd else 1006] += 1

    async def _on(self, ws: Any, message: dict[str, Any]) -> None:
        stats = self.clock.stats
        if message.get("type") == "error":
            stats.errors[message.get("code")] += stats.measuring
            return
        if message.get("type") != "state":
            return
        version = message["version"]
        if self.opened_at is None:
            self.opened_at = time.perf_counter()
        if self.version >= 0 and version > self.version + 1:
            stats.gaps += 1  # from the first frame on, measured or not
        self.version = max(self.version, version)
        self.clock.seen(self.seat, version)
        view = message.get("view")
        if message["table"]["status"] != "playing":
            if message["table"]["status"] == "finished" and not self.clock.over.is_set():
                stats.finished += 1
                self.clock.over.set()
            return
        if view and view.get("to_act") == self.seat and view.get("legal") and version > self.acted:
            self.acted = version
            asyncio.get_running_loop().create_task(self._act(ws, version, view["legal"]))

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
    async with websockets.connect(
        url, additional_headers={"Cookie": cookie, "Origin": origin}, open_timeout=60
    ) as ws:

        async def drain() -> None:
            async for frame in ws:
                if json.loads(frame).get("type") == "error":
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
