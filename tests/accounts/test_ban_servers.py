"""A ban on a site of several servers: the banned player's sockets on two real Daphne
processes (Redis channel layer) are closed by the servers, and their next login is refused
with the reason. How soon they close is printed, not asserted: no timed assertion in a test
(the developers' guide); the bound below is for "never"."""

from __future__ import annotations

import asyncio
import os
import time

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from accounts.services import ban_create
from games import services
from tests.servers import PATIENCE, daphne

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-Long-pass-2024"
LIVE = "tests.e2e.server_settings_live"  # the Redis channel layer, the test database


@pytest.fixture
def two_servers(django_db_setup, server_log) -> tuple[str, str]:
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs Redis (REDIS_URL): the servers share its channel layer")
    with daphne(LIVE, dict(os.environ), server_log("daphne-a")) as first:
        with daphne(LIVE, dict(os.environ), server_log("daphne-b")) as second:
            yield first, second


async def closed_after(socket, started: list[float]) -> tuple[float, int | None]:
    """Read the socket until the server closes it; seconds from the ban, and the code."""
    try:
        async for _message in socket:
            pass
    except ConnectionClosed:
        pass
    return time.monotonic() - started[0], socket.close_code


async def test_a_banned_players_sockets_on_two_servers_are_closed(two_servers):
    make = sync_to_async(get_user_model().objects.create_user)
    pat, ann, mod = [await make(n, password=PASSWORD) for n in ("pat", "ann", "mod")]
    table = await sync_to_async(services.table_create)(ann, "german")
    await sync_to_async(services.seat_take)(pat, table.pk, 1)
    await sync_to_async(services.table_start)(ann, table.pk)
    client = Client()
    await sync_to_async(client.force_login)(pat)
    cookie = f"sessionid={client.session.session_key}"

    sockets = []
    for server in two_servers:
        url = server.replace("http://", "ws://") + f"/ws/table/{table.pk}/"
        socket = await connect(url, origin=server, additional_headers={"Cookie": cookie})
        assert '"seat": 1' in await socket.recv()  # the player's own view: connected
        sockets.append(socket)
    started = [0.0]
    waits = [asyncio.create_task(closed_after(s, started)) for s in sockets]

    started[0] = time.monotonic()
    await sync_to_async(ban_create)(mod, pat, "abusive chat")
    results = await asyncio.wait_for(asyncio.gather(*waits), timeout=PATIENCE)

    print("sockets closed after", [f"{seconds:.3f} s" for seconds, _code in results])
    assert [code for _seconds, code in results] == [4401, 4401]
    login = await sync_to_async(Client().post)(
        "/accounts/login/", {"username": "pat", "password": PASSWORD}
    )
    assert "banned" in login.content.decode() and "abusive chat" in login.content.decode()
