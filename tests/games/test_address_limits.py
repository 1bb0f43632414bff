"""Per-address caps on open sockets (games/socket_limits.py): anonymous sockets count too."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from whistsite.asgi import application

from .conftest import HOST, ORIGIN
from .helpers import german_table
from .test_consumers import db, until
from .test_moderation import closed_with

pytestmark = pytest.mark.django_db(transaction=True)


async def from_address(path: str, address: str) -> WebsocketCommunicator:
    ws = WebsocketCommunicator(application, path, headers=[HOST, ORIGIN])
    ws.scope["client"] = [address, 50000]
    connected, _ = await ws.connect()
    assert connected
    return ws


async def test_an_address_has_at_most_a_few_open_sockets_logged_in_or_not(make_user, settings):
    settings.WHIST_MAX_SOCKETS_PER_ADDRESS = 2
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    path = f"/ws/table/{t.pk}/"
    first, second = await from_address(path, "10.9.8.7"), await from_address(path, "10.9.8.7")
    for ws in (first, second):  # admitted (counted) once their first state arrives
        await until(ws, "state")
    third = await from_address("/ws/lobby/", "10.9.8.7")
    assert (await third.receive_json_from(timeout=5))["code"] == "too_many_sockets"
    assert await closed_with(third) == 4429

    elsewhere = await from_address(path, "10.9.8.6")  # another address is not affected
    assert (await until(elsewhere, "state"))["type"] == "state"
    await first.disconnect()
    again = await from_address(path, "10.9.8.7")  # a closed socket no longer counts
    assert (await until(again, "state"))["type"] == "state"
    for ws in (second, elsewhere, again):
        await ws.disconnect()
