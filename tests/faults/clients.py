"""Players for the fault tests: a WebSocket per human seat that plays its first legal action,
reconnects when the server closes it, and remembers every frame and close code it saw."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import psycopg
import websockets


class SeatClient:
    """One human seat's socket; `run` keeps it connected until `stop`."""

    def __init__(self, port: int, table: int, cookie: str, seat: int) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws/table/{table}/"
        self.headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
        self.seat = seat
        self.state: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.pongs = 0
        self.closes: list[int] = []  # close codes received (1006: no close frame)
        self.acted = -1
        self.reconnect = True
        # Try the turn again after an "unavailable" answer, as its message asks (a person
        # clicks again): off unless a test turns it on.
        self.retry_unavailable = False
        self.ws: Any = None
        self.open = asyncio.Event()

    async def run(self) -> None:
        while True:
            try:
                async with websockets.connect(self.url, additional_headers=self.headers) as ws:
                    self.ws, self.acted = ws, -1  # a fresh page shows the turn again
                    self.open.set()
                    async for frame in ws:
                        self._on(json.loads(frame))
            except websockets.ConnectionClosed as exc:
                self.closes.append(exc.rcvd.code if exc.rcvd else 1006)
            except OSError:
                pass  # the server is not there (yet): try again
            except websockets.InvalidStatus as exc:
                self.closes.append(exc.response.status_code)
            self.open.clear()
            if not self.reconnect:
                return
            await asyncio.sleep(0.3)

    def _on(self, message: dict[str, Any]) -> None:
        if message.get("type") == "state":
            if self.state is None or message["version"] >= self.state["version"]:
                self.state = message
        elif message.get("type") == "error":
            self.errors.append(message)
            if self.retry_unavailable and message.get("code") == "unavailable":
                self.acted = -1
        elif message.get("type") == "pong":
            self.pongs += 1

    def describe(self) -> str:
        view = (self.state or {}).get("view") or {}
        version = (self.state or {}).get("version")
        return (
            f"seat {self.seat}: open {self.open.is_set()}, closes {self.closes}, version "
            f"{version}, to_act {view.get('to_act')}, errors {[e['code'] for e in self.errors]}"
        )

    def my_turn(self) -> bool:
        view = (self.state or {}).get("view")
        return bool(view and view.get("to_act") == self.seat and view.get("legal"))

    def ready(self) -> bool:
        """My turn, on a version I have not acted on yet, the socket open: `act` would send."""
        return self.my_turn() and self.state["version"] > self.acted and self.open.is_set()

    async def act(self) -> bool:
        """Send the first legal action of the shown state, once per version; True if sent."""
        if not self.ready():
            return False
        event = {
            k: v for k, v in self.state["view"]["legal"][0].items() if k not in ("seat", "max")
        }
        if event["action"] == "exchange":
            event["discard"] = []
        self.acted = self.state["version"]
        frame = {"type": "act", "version": self.state["version"], "action": event}
        try:
            await self.ws.send(json.dumps(frame))
        except websockets.ConnectionClosed:
            return False
        return True


def move_numbers(database_url: str, table: int) -> list[int]:
    """The move log's numbers of a table, in order."""
    with psycopg.connect(database_url, connect_timeout=5) as conn:
        rows = conn.execute(
            "SELECT number FROM games_move WHERE table_id = %s ORDER BY number", (table,)
        )
        return [number for (number,) in rows]


async def play_until(clients: list[SeatClient], done: Any, seconds: float) -> None:
    """Let every client play its turns until `done()` is true; fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while not await asyncio.to_thread(done):
        assert time.monotonic() < deadline, f"not done within {seconds} s: " + "; ".join(
            c.describe() for c in clients
        )
        for client in clients:
            await client.act()
        await asyncio.sleep(0.1)
