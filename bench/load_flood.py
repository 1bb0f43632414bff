"""bench/load.py's frame flood (`--hostile K --hostile-kind frame-flood`): K sockets, each
from an address of its own, spectators of the first tables, that send frames as fast as
the network takes them and reconnect at once each time the server cuts them off.

Each flooder writes ready-made masked frames (a refused `act`) straight to its transport,
a thousand per write, so one client process can send far past what the server can read;
what it counts per connection: the frames written, and the seconds from its first frame to
the server's `flood` error (or its close, if no error came). Between flood windows the
flooders stay connected and silent, as the resync flooders do (bench/load_lobby.py runs
them, alternating quiet and flood windows).
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any

import websockets

FRAME = json.dumps({"type": "act", "version": 1, "action": {"action": "play", "card": "AS"}})
PER_WRITE = 1000  # frames per write
HIGH_WATER = 256 * 1024  # bytes the flooder lets wait in its own send buffer


def masked_frames(text: str, count: int) -> bytes:
    """`count` masked client text frames of `text` (RFC 6455, section 5.2), one bytes object."""
    payload = text.encode()
    assert len(payload) < 126
    key = os.urandom(4)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return (bytes([0x81, 0x80 | len(payload)]) + key + masked) * count


async def frame_flooder(spec: dict[str, Any], record: Any, flooding: asyncio.Event,
                        cuts: list[tuple[float, float, int]]) -> None:  # fmt: skip
    """One flooding client: connect, wait for the flood, write frames until the server cuts
    the socket, and again at once. `cuts` gets (when, seconds to the cut, frames written)."""
    blob = masked_frames(FRAME, PER_WRITE)
    origin = spec["url"].split("/ws/")[0].replace("ws://", "http://")
    headers = {"Origin": origin, **({"Cookie": spec["cookie"]} if spec["cookie"] else {})}
    while True:
        try:
            ws = await websockets.connect(
                spec["url"], additional_headers=headers, open_timeout=30, close_timeout=1,
                compression=None, max_size=2**22, local_addr=(spec["address"], 0),
            )  # fmt: skip
        except (OSError, TimeoutError, websockets.WebSocketException) as exc:
            record(f"hostile handshake {type(exc).__name__}")
            await asyncio.sleep(0.05)  # a refused handshake: again at once, but no busy loop
            continue
        cut: list[float] = []  # when the server's flood error (or its close) came
        started: list[float] = []

        async def drain(ws: Any = ws, cut: list = cut) -> None:
            try:
                async for frame in ws:
                    code = json.loads(frame).get("code")
                    record(f"hostile {code}" if code else "answer")
                    if code == "flood" and not cut:
                        cut.append(time.monotonic())
            except websockets.ConnectionClosed as exc:
                record(f"closed {exc.rcvd.code if exc.rcvd else 1006}")
            if not cut:
                cut.append(time.monotonic())

        reader = asyncio.get_running_loop().create_task(drain())
        written = 0
        try:
            while not cut:
                await _first(reader, asyncio.ensure_future(flooding.wait()))
                if not started and flooding.is_set():
                    started.append(time.monotonic())
                while not cut and flooding.is_set():
                    ws.transport.write(blob)
                    written += PER_WRITE
                    while ws.transport.get_write_buffer_size() > HIGH_WATER and not cut:
                        await asyncio.sleep(0.002)
                    await asyncio.sleep(0)
                if not cut:  # the window ended first: silent until the next one, or a close
                    await _first(reader, asyncio.ensure_future(_cleared_then_set(flooding)))
        finally:
            await asyncio.wait([reader], timeout=2)
            reader.cancel()
            ws.transport.abort()
            if started and cut:
                cuts.append((cut[0], cut[0] - started[0], written))


async def _first(reader: asyncio.Future, other: asyncio.Future) -> None:
    """Until the reader ends (the socket closed) or `other` is done; `other` is then dropped."""
    await asyncio.wait([reader, other], return_when=asyncio.FIRST_COMPLETED)
    other.cancel()


async def _cleared_then_set(event: asyncio.Event) -> None:
    while event.is_set():
        await asyncio.sleep(0.05)
    await event.wait()


def cut_report(cuts: list[list[float]], windows: list[list[float]]) -> dict[str, Any]:
    """The cuts within the flood windows: how many, and the seconds to each cut and the frames
    written before it (median and largest)."""
    inside = sorted((c for c in cuts if any(s <= c[0] <= e + 2 for s, e in windows)),
                    key=lambda c: c[1])  # fmt: skip
    if not inside:
        return {"cuts": 0}
    frames = sorted(c[2] for c in inside)
    return {"cuts": len(inside), "cut_p50": inside[len(inside) // 2][1], "cut_max": inside[-1][1],
            "frames_p50": frames[len(frames) // 2], "frames_max": frames[-1]}  # fmt: skip
