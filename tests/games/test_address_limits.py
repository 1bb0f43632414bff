"""Per-address caps on open sockets (games/sockets/limits.py): anonymous sockets count too."""

from __future__ import annotations

import time

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.sockets import heartbeats, limits
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


async def test_a_lobby_socket_costs_no_beat_while_it_is_open(settings):
    """An idle lobby viewer's count needs no beat of its own: its process's key stands for
    it (a beat per socket was half of an idle viewer's CPU, docs/deployment.md)."""
    settings.WHIST_PRESENCE_BEAT = 0.05
    ws = await from_address("/ws/lobby/", "10.9.8.5")
    await ws.receive_json_from(timeout=5)  # the first list: admitted and counted
    assert await sync_to_async(socket_count)("10.9.8.5") == 1
    assert heartbeats.beating() == 0
    await ws.disconnect()


def socket_count(address: str) -> int:
    return len(limits._live(limits._address(address)))


def test_a_socket_of_a_living_process_counts_past_its_entrys_expiry(settings):
    """Nothing refreshes an entry: it counts while its process lives, until it closes."""
    settings.WHIST_MAX_SOCKETS_PER_ADDRESS = 1
    assert limits.address_open("10.9.8.4", "one")
    entries = limits.cache.get(limits._key("addr:10.9.8.4"))
    entries["one"][0] = 0.0  # long expired, as if no beat had come for a day
    limits.cache.set(limits._key("addr:10.9.8.4"), entries, 60)
    assert not limits.address_open("10.9.8.4", "two")
    limits.address_close("10.9.8.4", "one")
    assert limits.address_open("10.9.8.4", "two")
    limits.address_close("10.9.8.4", "two")


def test_an_entry_naming_no_process_counts_until_its_own_expiry(settings):
    """An older server's entry (no process named) still ends at its expiry."""
    settings.WHIST_MAX_SOCKETS_PER_ADDRESS = 1
    key = limits._key("addr:10.9.8.3")
    limits.cache.set(key, {"old": [time.time() + 60, ""]}, 60)
    assert not limits.address_open("10.9.8.3", "new")
    limits.cache.set(key, {"old": [time.time() - 1, ""]}, 60)
    assert limits.address_open("10.9.8.3", "new")
    limits.address_close("10.9.8.3", "new")
