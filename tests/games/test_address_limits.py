"""Per-address caps on open sockets (games/sockets/limits.py): anonymous sockets count too."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async

from games.sockets import heartbeats, limits
from whistsite.asgi import application

from .conftest import HOST, ORIGIN
from .helpers import Communicator, closed_with, german_table
from .test_consumers import db, until

pytestmark = pytest.mark.django_db(transaction=True)


async def from_address(path: str, address: str) -> Communicator:
    ws = Communicator(application, path, headers=[HOST, ORIGIN])
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
    return len(limits.counted(limits._address(address)))


def test_a_socket_of_a_living_process_counts_until_it_closes(settings):
    """Nothing refreshes an entry: it counts while its process lives, until it closes."""
    settings.WHIST_MAX_SOCKETS_PER_ADDRESS = 1
    assert limits.address_open("10.9.8.4", "one")
    assert not limits.address_open("10.9.8.4", "two")
    limits.address_close("10.9.8.4", "one")
    assert limits.address_open("10.9.8.4", "two")
    limits.address_close("10.9.8.4", "two")


def test_an_entry_of_a_dead_process_does_not_count(settings):
    """A process whose key has gone (killed, its key expired) holds no place."""
    settings.WHIST_MAX_SOCKETS_PER_ADDRESS = 1
    client = limits._redis()
    client.hset(limits.cache.make_and_validate_key(limits._owner("addr:10.9.8.3")),
                "old", "a-dead-process")  # fmt: skip
    assert limits.address_open("10.9.8.3", "new")
    assert socket_count("10.9.8.3") == 1
    limits.address_close("10.9.8.3", "new")


def test_sockets_opening_at_once_never_pass_the_limit(settings):
    """150 sockets of one address opening at the same moment in 30 threads: exactly the
    limit is let in (the read-modify-write count let 92 of 150 past a limit of 64)."""
    settings.WHIST_MAX_SOCKETS_PER_ADDRESS = 64
    with ThreadPoolExecutor(30) as pool:
        admitted = list(pool.map(lambda n: limits.address_open("10.9.8.2", f"c{n}"), range(150)))
    assert sum(admitted) == 64 == socket_count("10.9.8.2")
    with ThreadPoolExecutor(30) as pool:
        list(pool.map(lambda n: limits.address_close("10.9.8.2", f"c{n}"), range(150)))
    assert socket_count("10.9.8.2") == 0


def test_sockets_closed_at_once_leave_no_count_behind(settings):
    """A user closing 8 sockets at once, 5 times: nothing left counted each time."""
    settings.WHIST_MAX_SOCKETS = 8
    for round_ in range(5):
        channels = [f"r{round_}-{n}" for n in range(8)]
        assert all(limits.socket_open(4242, c) for c in channels)
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda c: limits.socket_close(4242, c), channels))
        assert limits.counted(4242) == {}


class CleanedMeanwhile:
    """The Redis client, but its first `hvals` lets another socket of the same user open
    first: the moment between a socket's count that found no room and its look at who holds
    the places, in which another socket dropped a killed process's entries and took one."""

    def __init__(self, client, other) -> None:
        self.client, self.other = client, other

    def hvals(self, key):
        other, self.other = self.other, None
        if other is not None:
            assert other()
        return self.client.hvals(key)

    def __getattr__(self, name):
        return getattr(self.client, name)


def test_a_socket_is_admitted_when_another_dropped_the_dead_entries_meanwhile(
    settings, monkeypatch
):
    """Eight tabs reopening at once after their server was killed: the one whose count
    found the killed server's places still there, and whose look at their holders came after
    another tab had dropped them, is counted again, not refused with 4429 (a fresh clone's
    tests/faults/test_dead_process.py saw one of eight refused so)."""
    settings.WHIST_MAX_SOCKETS = 2
    client = limits._redis()
    killed = "killed-process"  # its key says it named a connection that Redis no longer has
    client.set(limits.cache.make_and_validate_key(limits.processes._key(killed)),
               limits.processes.NAMED)  # fmt: skip
    client.hset(limits.cache.make_and_validate_key(limits._owner(4243)),
                mapping={"old-1": killed, "old-2": killed})  # fmt: skip
    raced = CleanedMeanwhile(client, lambda: limits.socket_open(4243, "tab-2"))
    monkeypatch.setattr(limits, "_redis", lambda: raced)
    assert limits.socket_open(4243, "tab-1")
    assert sorted(limits.counted(4243)) == ["tab-1", "tab-2"]
