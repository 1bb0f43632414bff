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
from tests.servers import PATIENCE

pytestmark = pytest.mark.faults
TABS = 8


@pytest.fixture(scope="module")
def shared_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """PostgreSQL, Redis and the Django shell of the module's tests, started once (as
    tests/faults/test_faults.py)."""
    built = Stack(lambda name: tmp_path_factory.mktemp("logs") / f"{name}.log")
    built.env["WHIST_MAX_SOCKETS"] = str(TABS)
    try:
        yield built
    finally:
        built.close()


@pytest.fixture
def stack(shared_stack: Stack, server_log) -> Iterator[Stack]:
    shared_stack.begin(server_log)
    try:
        yield shared_stack
    finally:
        shared_stack.end()


async def open_socket(port: int, table: int, cookie: str) -> tuple[object, dict | int]:
    """A table socket; with its first frame, or the close code if it was refused."""
    url = f"ws://127.0.0.1:{port}/ws/table/{table}/"
    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
    ws = await websockets.connect(url, additional_headers=headers)
    try:
        while True:
            frame = await asyncio.wait_for(ws.recv(), 30)  # a loaded machine: slow, not lost
            if '"type": "state"' in frame or '"type":"state"' in frame:
                return ws, {"state": frame}
    except websockets.ConnectionClosed as exc:
        return ws, exc.rcvd.code if exc.rcvd else 1006


def presence_count(stack: Stack, table: int, seat: int) -> int:
    return stack.python(
        "from games.models import Presence\n"
        f"print(Presence.objects.filter(seat__table_id={table}, seat__index={seat}).count())"
    )


async def test_a_page_reconnecting_right_after_a_sigkill_is_admitted(stack):
    """Every tab of a player on a server killed outright opens again at once on the other
    server, and none is refused with 4429 by what the dead server left (its key outlives it
    for seconds, but Redis has lost its connection: runtime/processes.py); the dead server's
    presence rows go with the watchdog's sweep."""
    killed, kept = stack.daphne("killed"), stack.daphne("kept")
    stack.worker()  # beat's watchdog sweeps presence every 10 s
    made = seat_players(stack, "german", ["ann", "bob"], [])
    table, ann = made["table"], made["cookies"][0]
    tabs = [await open_socket(killed, table, ann) for _ in range(TABS)]
    assert all(isinstance(got, dict) for _, got in tabs), [got for _, got in tabs]
    assert await asyncio.to_thread(presence_count, stack, table, 0) == TABS

    await asyncio.to_thread(stack.stop, "killed", signal.SIGKILL)
    started = time.monotonic()
    again = await asyncio.gather(*(open_socket(kept, table, ann) for _ in range(TABS)))
    assert all(isinstance(got, dict) for _, got in again), [got for _, got in again]
    for ws, _ in again:
        await ws.close()

    while await asyncio.to_thread(presence_count, stack, table, 0):  # all closed: none left
        assert time.monotonic() - started < PATIENCE, "the killed server's presence rows stayed"
        await asyncio.sleep(1)


async def test_sockets_closed_at_once_on_two_servers_leave_no_count_behind(stack):
    """A player closing all 8 tabs at once, half on each server, five times over: each time
    they can open 8 again (lost updates of one shared count left 2-3 phantom places)."""
    ports = [stack.daphne("one"), stack.daphne("two")]
    made = seat_players(stack, "german", ["ann", "bob"], [])
    table, ann = made["table"], made["cookies"][0]
    for _ in range(5):
        tabs = await asyncio.gather(*(open_socket(ports[n % 2], table, ann) for n in range(TABS)))
        assert all(isinstance(got, dict) for _, got in tabs), [got for _, got in tabs]
        await asyncio.gather(*(ws.close() for ws, _ in tabs))
        closed = time.monotonic()  # the servers release each close right after it
        while left := await asyncio.to_thread(stack.python, COUNTED):
            assert time.monotonic() - closed < PATIENCE, f"{left} places still counted"


COUNTED = """
from runtime.process_cache import cache
from games.sockets import limits

client = cache._cache.get_client()
print(sum(len(limits.counted(key.decode().split("games:socks:", 1)[1]))
          for key in client.scan_iter("*games:socks:[0-9]*")))
"""


async def test_a_handshake_while_redis_is_down_is_closed_with_4013_or_4404(stack):
    port = stack.daphne()
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/ws/lobby/",
        additional_headers={"Origin": f"http://127.0.0.1:{port}"},
    ) as ws:
        assert '"tables"' in await asyncio.wait_for(ws.recv(), 10)
    stack.redis.stop()
    try:
        for path, code in (("/ws/lobby/", 4013), ("/ws/table/1/", 4013), ("/ws/x/", 4404)):
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}{path}",
                additional_headers={"Origin": f"http://127.0.0.1:{port}"},
                open_timeout=20,
            )
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code, path
    finally:
        stack.redis.start()
