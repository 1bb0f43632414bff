"""A clean stop under load: SIGTERM to a Daphne process holding hundreds of
sockets, some of them just closed, while the pages it closes open again at once, exits
on its own (not killed; within 10 s by its deadline, tests/site/test_quick_exit.py); every
socket it closes, and every one that opens meanwhile, is told with 4012; nothing is left
counted (presence rows, per-user and per-address socket counts)."""

from __future__ import annotations

import asyncio
import random
import signal
from collections.abc import Iterator

import pytest
import websockets

from tests.faults.stack import SEAT_PLAYERS, Stack
from tests.servers import PATIENCE

pytestmark = pytest.mark.faults
TABLES, LOBBY = 100, 100  # 300 sockets; then half the lobby's and a table socket in two close
OPENING = 20  # sockets opened at once

MAKE_TABLES = (
    SEAT_PLAYERS.split("User = get_user_model()")[0]
    + f"""
from games.models import Table

User = get_user_model()
made = []
for n in range({TABLES}):
    ann = User.objects.create_user(f"ann{{n}}")  # no password: no slow hashing
    bob = User.objects.create_user(f"bob{{n}}")
    table = services.table_create(ann, "german")
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)
    Table.objects.filter(pk=table.pk).update(private=True)  # the lobby's list stays small
    made.append([table.pk, cookie(ann), cookie(bob)])
print(json.dumps(made))
"""
)

LEFT_COUNTED = """
from runtime.process_cache import cache
from games.sockets import limits
from games.models import Presence

counted = 0
for key in cache._cache.get_client().scan_iter("*games:socks:*"):
    counted += len(limits.counted(key.decode().split("games:socks:", 1)[1]))
print(json.dumps({"presence": Presence.objects.count(), "counted": counted}))
"""


@pytest.fixture
def stack(server_log) -> Iterator[Stack]:
    built = Stack(server_log)
    built.env["WHIST_MAX_SOCKETS_PER_ADDRESS"] = "1000"
    try:
        yield built
    finally:
        log = built.folder / "daphne.log"
        if log.exists():  # shown when the test failed
            print(
                "".join(
                    line
                    for line in log.read_text(errors="replace").splitlines(True)
                    if "WSCONNECT" not in line and "WSDISCONNECT" not in line
                )[-6000:]
            )
        built.close()


async def until_state(ws: websockets.ClientConnection, kind: str) -> None:
    while kind not in await asyncio.wait_for(ws.recv(), 120):
        pass


async def closed_code(ws: websockets.ClientConnection) -> int:
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 15)
    except websockets.ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd else 1006
    except TimeoutError:
        return -1


async def page(ws: websockets.ClientConnection, url: str, headers: dict) -> list[int]:
    """A page whose socket the stopping server closes: it opens again at once (as a page
    whose backoff drew a short wait) for as long as the server still answers; the codes it
    saw, one per socket it got."""
    codes = [await closed_code(ws)]
    while True:
        await asyncio.sleep(random.uniform(0.05, 0.3))
        try:
            again = await websockets.connect(url, additional_headers=headers, open_timeout=10)
        except (OSError, TimeoutError, websockets.WebSocketException):
            return codes  # the server is gone (or going): the page would try another
        codes.append(await closed_code(again))


async def test_sigterm_with_hundreds_of_sockets_exits_on_its_own_and_leaves_nothing(stack):
    port = stack.daphne()
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    tables = await asyncio.to_thread(stack.python, MAKE_TABLES)
    pages = [
        (f"ws://127.0.0.1:{port}/ws/table/{table}/", {**origin, "Cookie": cookie})
        for table, *cookies in tables
        for cookie in cookies
    ] + [(f"ws://127.0.0.1:{port}/ws/lobby/", origin)] * LOBBY
    opened = []  # (socket, url, headers), OPENING at a time, not one by one
    for start in range(0, len(pages), OPENING):
        batch = pages[start : start + OPENING]
        sockets = await asyncio.gather(
            *(websockets.connect(url, additional_headers=headers) for url, headers in batch)
        )
        opened += [(ws, url, headers) for ws, (url, headers) in zip(sockets, batch, strict=True)]
    table_sockets = [ws for ws, _, _ in opened[: 2 * TABLES]]
    lobby = [ws for ws, _, _ in opened[2 * TABLES :]]
    await asyncio.gather(*(until_state(ws, '"state"') for ws in table_sockets))
    await asyncio.gather(*(until_state(ws, '"tables"') for ws in lobby))
    counted = await asyncio.to_thread(stack.python, LEFT_COUNTED)
    assert counted == {"presence": 2 * TABLES, "counted": 2 * TABLES + LOBBY + 2 * TABLES}

    just_closed = lobby[: LOBBY // 2] + table_sockets[::4]
    await asyncio.gather(*(ws.close() for ws in just_closed))
    pages = [
        asyncio.create_task(page(ws, url, headers))
        for ws, url, headers in opened
        if ws not in just_closed
    ]
    took = await asyncio.to_thread(stack.stop, "daphne", signal.SIGTERM, PATIENCE)
    codes = [code for seen in await asyncio.gather(*pages) for code in seen]

    # On its own, not killed (by 10 s at the latest by its deadline: tests/site/test_quick_exit.py)
    assert took != float("inf"), f"still there {PATIENCE} s after SIGTERM"
    assert set(codes) == {4012}, {code: codes.count(code) for code in set(codes)}
    assert await asyncio.to_thread(stack.python, LEFT_COUNTED) == {"presence": 0, "counted": 0}
