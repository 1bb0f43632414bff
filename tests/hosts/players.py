"""Players of the multi-host test and bench: one WebSocket per seat through nginx, each playing
its turns (the first legal action after a short think) and, when its socket closes,
reconnecting as the table page does (static/js/reconnect.js: 1 s, doubling to 10 s, with
jitter). Each remembers what it sent and saw, so a test can hold it against the database; a
table times each move from its `act` until every seat holds a newer version."""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import websockets
from websockets.asyncio.client import connect

TLS = ssl.create_default_context()
TLS.check_hostname, TLS.verify_mode = False, ssl.CERT_NONE  # the test's own certificate
GIVE_UP = {4401, 4403, 4404, 4429}  # the page stops there
FIRST, CAP = 1.0, 10.0


@dataclass
class Room:
    """What every player shares: whether to act, the cut's moment, the timings."""

    acting: bool = True
    measuring: bool = False
    cut_at: float | None = None
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    closes: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)


class Table:
    def __init__(self, table_id: int, room: Room) -> None:
        self.id, self.room = table_id, room
        self.pending: tuple[int, float, set[int]] | None = None

    def sent(self, version: int) -> None:
        self.pending = (version, time.perf_counter(), set())

    def seen(self, seat: int, version: int) -> None:
        if self.pending is None or version <= self.pending[0]:
            return
        self.pending[2].add(seat)
        if len(self.pending[2]) == 4:
            if self.room.measuring:
                self.room.latencies.append(time.perf_counter() - self.pending[1])
                self.room.moves += 1
            self.pending = None


class Player:
    def __init__(self, origin: str, table: Table, seat: int, cookie: str, seed: int,
                 think: tuple[float, float] = (0.05, 0.3)) -> None:  # fmt: skip
        self.url = f"wss://{origin.split('://')[1]}/ws/table/{table.id}/"
        self.origin, self.table, self.seat, self.cookie = origin, table, seat, cookie
        self.rng, self.think = random.Random(seed), think
        self.version = -1
        self.to_act: int | None = None  # whose turn its newest state says
        self.acted = -1  # the version it last acted on, on this socket
        self.sent: list[tuple[int, dict[str, Any]]] = []  # (version acted on, action)
        self.dropped = False  # its socket closed after the cut
        self.back_after: float | None = None  # seconds from the cut to a state on a new socket
        self.connected = asyncio.Event()
        self.gave_up: int | None = None

    async def run(self, stop: asyncio.Event) -> None:
        delay = FIRST
        while not stop.is_set():
            opened, code = await self._session(stop)
            if code in GIVE_UP:
                self.gave_up = code
                return
            if stop.is_set():
                return
            if self.table.room.cut_at is not None:
                self.dropped = True
            delay = FIRST if opened else min(delay * 2, CAP)
            await asyncio.sleep(delay * self.rng.uniform(0.5, 1.5))

    async def _session(self, stop: asyncio.Event) -> tuple[bool, int | str]:
        try:
            ws = await connect(self.url, ssl=TLS, origin=self.origin,  # type: ignore[arg-type]
                               additional_headers={"Cookie": self.cookie}, open_timeout=10,
                               compression=None, max_size=2**22)  # fmt: skip
        except websockets.InvalidStatus as exc:
            self.table.room.closes[f"refused: HTTP {exc.response.status_code}"] += 1
            return False, f"HTTP {exc.response.status_code}"
        except (OSError, TimeoutError, websockets.WebSocketException) as exc:
            self.table.room.closes[f"not opened: {type(exc).__name__}"] += 1
            return False, type(exc).__name__
        opened = False
        closer = asyncio.create_task(self._close_on(stop, ws))
        try:
            async for frame in ws:
                message = json.loads(frame)
                if message.get("type") == "error":
                    self.table.room.errors[message.get("code")] += 1
                if message.get("type") != "state":
                    continue
                if not opened:
                    opened, self.acted = True, -1
                    self.connected.set()
                    cut = self.table.room.cut_at
                    if cut is not None and self.dropped and self.back_after is None:
                        self.back_after = time.perf_counter() - cut
                self._state(ws, message)
        except websockets.ConnectionClosed:
            pass
        finally:
            closer.cancel()
            self.connected.clear()
        code = ws.close_code if ws.close_code is not None else 1006
        self.table.room.closes[code] += 1
        return opened, code

    @staticmethod
    async def _close_on(stop: asyncio.Event, ws: Any) -> None:
        await stop.wait()
        await ws.close()

    def _state(self, ws: Any, message: dict[str, Any]) -> None:
        version = message["version"]
        view = message.get("view") or {}
        if version >= self.version:
            self.to_act = view.get("to_act")
        self.version = max(self.version, version)
        self.table.seen(self.seat, version)
        legal = [a for a in view.get("legal") or [] if a.get("seat") == message.get("seat")]
        playing = message["table"]["status"] == "playing" and version > self.acted
        if playing and legal and view.get("to_act") == self.seat:
            self.acted = version
            asyncio.get_running_loop().create_task(self._act(ws, version, legal[0]))

    async def _act(self, ws: Any, version: int, legal: dict[str, Any]) -> None:
        await asyncio.sleep(self.rng.uniform(*self.think))
        if version != self.version or not self.table.room.acting:
            return
        action = {k: v for k, v in legal.items() if k not in ("seat", "max")}
        self.sent.append((version, action))
        self.table.sent(version)
        try:
            await ws.send(json.dumps({"type": "act", "version": version, "action": action}))
        except websockets.ConnectionClosed:
            pass


def seat_players(origin: str, made: list[dict[str, Any]], room: Room,
                 think: tuple[float, float] = (0.05, 0.3)) -> list[Player]:  # fmt: skip
    """A player per seat of each table of `made` (site.whist_tables)."""
    players = []
    for entry in made:
        table = Table(entry["table"], room)
        for seat, cookie in enumerate(entry["cookies"]):
            players.append(Player(origin, table, seat, cookie, entry["table"] * 10 + seat, think))
    return players
