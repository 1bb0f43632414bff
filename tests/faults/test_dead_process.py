"""Nothing outlives a dead process: the socket counts and the presence of a
Daphne process killed outright (SIGKILL, as an out-of-memory kill) stop counting within
seconds (runtime/processes.py), and a handshake while Redis is down is closed with 4013, which
the page retries, instead of an HTTP 500."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Iterator

import pytest
import websockets

from tests.faults.stack import Stack, seat_players

pytestmark = pytest.mark.faults
TABS = 3


@pytest.fixture
def stack(server_log) -> Iterator[Stack]:
    built = Stack(server_log)
    built.env["WHIST_MAX_SOCKETS"] = str(TABS)
    try:
        yield built
    finally:
        built.close()


async def open_socket(port: int, table: int, cookie: str) -> tuple[object, dict | int]:
    """A table socket; with its first frame, or the close code if it was refused."""
    url = f"ws://127.0.0.1:{port}/ws/table/{table}/"
    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
    ws = await websockets.connect(url, additional_headers=headers)
    try:
        while True:
            frame = await asyncio.wait_for(ws.recv(), 10)
            if '"type": "state"' in frame or '"type":"state"' in frame:
                return ws, {"state": frame}
    except websockets.ConnectionClosed as exc:
        return ws, exc.rcvd.code if exc.rcvd else 1006


def presence_count(stack: Stack, table: int, seat: int) -> int:
    return stack.python(
        "from games.models import Presence\n"
        f"print(Presence.objects.filter(seat__table_id={table}, seat__index={seat}).count())"
    )


async def test_a_killed_servers_sockets_stop_counting_within_seconds(stack):
    killed, kept = stack.daphne("killed"), stack.daphne("kept")
    stack.worker()  # beat's watchdog sweeps presence every 10 s
    made = seat_players(stack, "german", ["ann", "bob"], [])
    table, ann = made["table"], made["cookies"][0]
    tabs = [await open_socket(killed, table, ann) for _ in range(TABS)]
    assert all(isinstance(got, dict) for _, got in tabs), [got for _, got in tabs]
    assert await asyncio.to_thread(presence_count, stack, table, 0) == TABS

    await asyncio.to_thread(stack.stop, "killed", signal.SIGKILL)
    started = time.monotonic()
    refused = []
    while True:  # the page does not retry 4429; here we ask until the counts are gone
        ws, got = await open_socket(kept, table, ann)
        if isinstance(got, dict):
            break
        refused.append(got)
        assert time.monotonic() - started < 15, f"still refused after 15 s: {refused}"
        await asyncio.sleep(1)
    admitted_after = time.monotonic() - started
    others = [await open_socket(kept, table, ann) for _ in range(TABS - 1)]
    assert all(isinstance(got, dict) for _, got in others), [got for _, got in others]
    await ws.close()
    for other, _ in others:
        await other.close()

    while await asyncio.to_thread(presence_count, stack, table, 0):  # all closed: none left
        assert time.monotonic() - started < 30, "the killed server's presence rows stayed"
        await asyncio.sleep(1)
    print(f"admitted {admitted_after:.1f} s after the kill; presence gone after "
          f"{time.monotonic() - started:.1f} s")  # fmt: skip


async def test_a_handshake_while_redis_is_down_is_closed_with_4013(stack):
    port = stack.daphne()
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/ws/lobby/",
        additional_headers={"Origin": f"http://127.0.0.1:{port}"},
    ) as ws:
        assert '"tables"' in await asyncio.wait_for(ws.recv(), 10)
    stack.redis.stop()
    try:
        for path in ("/ws/lobby/", "/ws/table/1/"):
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}{path}",
                additional_headers={"Origin": f"http://127.0.0.1:{port}"},
                open_timeout=20,
            )
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4013, path
    finally:
        stack.redis.start()
