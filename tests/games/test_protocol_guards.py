"""Guards at the WebSocket protocol, on a real Daphne. Floods cut where they arrive: twenty
sockets that send frames as fast as the network takes them are each cut with `flood` and
4008 while they are still sending, the server having stopped reading them
(whistsite/patches/daphne_frame_guard.py); an address cut for flooding is kept out for a
while (games/sockets/floods.py). A close frame with a code RFC 6455 forbids gets 1002, not a
TCP reset."""

from __future__ import annotations

import asyncio
import json
import os
import time

import psutil
import pytest
import websockets

from bench.load_flood import masked_frames
from games.sockets import floods
from tests.servers import daphne

pytestmark = pytest.mark.django_db(transaction=True)

SOCKETS = 20
WRITES = 1000  # of 1,000 frames each: 20 MB per socket, far past what any buffer holds
PING = json.dumps({"type": "ping"})


@pytest.fixture(scope="module")
def server(django_db_setup, tmp_path_factory):
    log = tmp_path_factory.mktemp("flood") / "daphne.log"
    with daphne("tests.e2e.server_settings_live", dict(os.environ), str(log)) as address:
        yield address.replace("http://", "ws://"), address


async def flood(url: str, origin: str, address: str) -> dict:
    """One socket from `address` writing pings until the server closes it.

    The pings go through a socket of their own, a duplicate of the connection's: the server
    closes a cut socket with its reading paused (unread data: a reset), and on a loaded
    machine this client's next write met that reset before its reader had taken the `flood`
    error and the 4008 close frame from the kernel's buffer; written through the
    connection's transport, the failed write closed the transport, and those frames, sent
    and received, were never read (1006). A write that fails here ends the flood only."""
    ws = await websockets.connect(url, additional_headers={"Origin": origin}, compression=None,
                                  max_size=2**22, local_addr=(address, 0),
                                  ping_interval=None)  # fmt: skip
    assert json.loads(await ws.recv())["type"] == "tables"
    codes: list[str] = []
    closed: dict = {}

    async def read() -> None:
        try:
            async for frame in ws:
                codes.append(json.loads(frame).get("code") or json.loads(frame)["type"])
        except websockets.ConnectionClosed as exc:
            closed["code"] = exc.rcvd.code if exc.rcvd else 1006
        closed.setdefault("code", 1000)

    reader = asyncio.create_task(read())
    loop = asyncio.get_running_loop()
    pipe = ws.transport.get_extra_info("socket").dup()
    pipe.setblocking(False)
    blob, writes = masked_frames(PING, 1000), 0
    try:
        while writes < WRITES and not codes[-1:] == ["flood"] and not reader.done():
            write = asyncio.ensure_future(loop.sock_sendall(pipe, blob))
            await asyncio.wait({write, reader}, return_when=asyncio.FIRST_COMPLETED)
            if not write.done():  # the server closed the socket while this write waited
                write.cancel()
                break
            if write.exception() is not None:  # the server's reset: nothing more to write
                break
            writes += 1
        await asyncio.wait_for(reader, 30)
    finally:
        pipe.close()
        ws.transport.abort()
    return {"writes": writes, "codes": codes, "close": closed["code"]}


def daphne_rss(port: int) -> int:
    for connection in psutil.net_connections("tcp"):
        if connection.laddr and connection.laddr.port == port and connection.status == "LISTEN":
            return psutil.Process(connection.pid).memory_info().rss
    raise AssertionError("no Daphne listens")


async def test_a_flood_from_twenty_sockets_is_cut_while_it_arrives(server) -> None:
    ws_base, origin = server
    port = int(origin.rsplit(":", 1)[1])
    before = daphne_rss(port)
    results = await asyncio.wait_for(asyncio.gather(*(
        flood(f"{ws_base}/ws/lobby/", origin, f"127.0.43.{10 + i}") for i in range(SOCKETS)
    )), 120)  # fmt: skip
    for result in results:
        assert result["close"] == 4008
        assert result["codes"][-1] == "flood"
        # Cut while it sends: the server stopped reading long before 20 MB had gone.
        assert result["writes"] < WRITES
        # At most the frames the consumers answer before they cut (30 + 30 refused), then
        # the flood error.
        assert len(result["codes"]) <= 62
    assert daphne_rss(port) - before < 100 * 2**20


async def test_an_address_cut_for_flooding_is_held_then_closed_with_4008(server) -> None:
    ws_base, origin = server
    (result,) = await asyncio.gather(flood(f"{ws_base}/ws/lobby/", origin, "127.0.43.200"))
    assert result["close"] == 4008
    again = await websockets.connect(f"{ws_base}/ws/lobby/", additional_headers={"Origin": origin},
                                     local_addr=("127.0.43.200", 0))  # fmt: skip
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await asyncio.wait_for(again.recv(), 10)
    assert closed.value.rcvd.code == 4008
    other = await websockets.connect(f"{ws_base}/ws/lobby/", additional_headers={"Origin": origin},
                                     local_addr=("127.0.43.201", 0))  # fmt: skip
    assert json.loads(await other.recv())["type"] == "tables"
    await other.close()


def test_a_cooling_address_is_let_in_once_its_time_is_up() -> None:
    floods.clear()
    assert floods.COOLDOWN <= floods.cool("192.0.2.7") <= 1.25 * floods.COOLDOWN
    assert floods.cooling("192.0.2.7")
    assert not floods.cooling("192.0.2.8")
    until, strikes = floods._cuts["192.0.2.7"]
    floods._cuts["192.0.2.7"] = (time.monotonic() - 1, strikes)  # its time is up
    assert not floods.cooling("192.0.2.7")


def test_each_further_cut_of_an_address_keeps_it_out_twice_as_long() -> None:
    floods.clear()
    first, second, third = (floods.cool("192.0.2.9") for _ in range(3))
    assert 2 * floods.COOLDOWN <= second <= 2.5 * floods.COOLDOWN
    assert 4 * floods.COOLDOWN <= third <= 5 * floods.COOLDOWN
    for _ in range(10):
        floods.cool("192.0.2.9")
    assert floods.cooling("192.0.2.9") <= 1.25 * floods.LONGEST


async def test_a_close_frame_with_a_forbidden_code_is_answered_1002_not_a_reset(server) -> None:
    """RFC 6455 forbids 1005 on the wire: the server answers with 1002 (protocol error) and
    closes cleanly (whistsite/patches/autobahn_close_codes.py); autobahn reset the TCP."""
    ws_base, origin = server
    ws = await websockets.connect(f"{ws_base}/ws/lobby/", additional_headers={"Origin": origin},
                                  local_addr=("127.0.43.202", 0))  # fmt: skip
    assert json.loads(await ws.recv())["type"] == "tables"
    key = os.urandom(4)
    payload = (1005).to_bytes(2, "big")
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    ws.transport.write(bytes([0x88, 0x80 | len(payload)]) + key + masked)
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1002
