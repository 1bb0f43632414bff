"""A lobby for thousands of tables, and resyncs that cost little: the first list
is one bounded page, a change reaches a socket as one row, a socket that is current is
answered without anything being built, and resyncs have their own limit."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model

from games import broadcast, services
from games.models import Seat, Table
from games.sockets import lobby_lists, state_cache
from games.sockets.message_size import MAX_MESSAGE
from tests.games.helpers import Communicator
from whistsite.asgi import application

from .conftest import session_headers
from .test_address_limits import from_address
from .test_consumers import german, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def connect(path: str, user: Any = None) -> Communicator:
    socket = Communicator(application, path, headers=await db(session_headers)(user))
    connected, _ = await socket.connect()
    assert connected
    return socket


async def first_text(socket: Communicator) -> str:
    output = await socket.receive_output(timeout=1)  # the first list within 1 s
    assert output["type"] == "websocket.send", output
    return output["text"]


def public_tables(count: int) -> list[int]:
    """`count` open public Whist tables of one player each (written directly, as many as a
    busy site has)."""
    owner = get_user_model().objects.create_user("owner", password="pw", display_name="Owner")
    tables = Table.objects.bulk_create(
        Table(game="whist", players=4, created_by=owner) for _ in range(count)
    )
    Seat.objects.bulk_create(
        Seat(table=t, index=i, user=owner if i == 0 else None) for t in tables for i in range(4)
    )
    return [t.pk for t in tables]


async def test_a_lobby_with_a_thousand_tables_sends_one_page_then_a_row_per_change(make_user):
    ids = await db(public_tables)(1000)
    ann = await db(make_user)("ann")
    socket = await connect("/ws/lobby/", ann)

    start = time.perf_counter()
    text = await first_text(socket)
    print(f"first list: {len(text)} bytes in {time.perf_counter() - start:.3f} s")
    first = json.loads(text)
    assert first["type"] == "tables" and len(text.encode()) < MAX_MESSAGE
    assert first["total"] == 1000 and first["more"] and len(first["tables"]) == first["limit"]
    assert [t["id"] for t in first["tables"]] == sorted(ids, reverse=True)[: first["limit"]]
    await until(socket, "mine")

    newest = ids[-1]
    await db(services.seat_take)(ann, newest, 2)
    row = await until(socket, "row")
    assert (row["op"], row["id"], row["since"]) == ("changed", newest, first["version"])
    assert "Ann" in row["html"] and len(row["html"]) < 2000
    await socket.disconnect()


async def test_a_filtered_list_hears_only_of_its_own_tables(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    socket = await connect("/ws/lobby/?game=german&seats=1")
    first = await until(socket, "tables")
    assert first["filter"] == {"game": "german", "seats": True, "rated": False}

    await db(services.table_create)(ann, "whist")  # not German Whist: nothing
    german_table = await db(services.table_create)(bob, "german")
    added = await until(socket, "row")
    assert (added["op"], added["id"]) == ("added", german_table.pk)
    assert added["since"] == first["version"] and added["version"] > first["version"] + 1

    await db(services.seat_take)(ann, german_table.pk, 1)  # no open seat left
    gone = await until(socket, "row")
    assert (gone["op"], gone["id"], gone["since"]) == ("gone", german_table.pk, added["version"])
    await socket.disconnect()


async def test_a_current_lobby_socket_s_resync_builds_nothing(make_user):
    await db(services.table_create)(await db(make_user)("ann"), "whist")
    first_socket = await connect("/ws/lobby/")
    first = await until(first_socket, "tables")
    built = dict(lobby_lists.builds)

    second = await connect("/ws/lobby/")  # the same page at the same version: shared
    assert (await until(second, "tables"))["tables"] == first["tables"]
    await first_socket.send_json_to({"type": "resync", "version": first["version"]})
    assert await until(first_socket, "current") == {"type": "current", "version": first["version"]}

    assert dict(lobby_lists.builds) == built
    await first_socket.send_json_to({"type": "resync", "version": first["version"] - 1})
    assert (await until(first_socket, "tables"))["version"] == first["version"]
    assert dict(lobby_lists.builds) == built  # a page that missed something: the same text
    await first_socket.disconnect()
    await second.disconnect()


async def test_pages_asked_with_any_before_are_built_once_per_page_they_show(settings):
    """A socket asking for a new `before` each time (a cache-busting flood) is answered from
    the few pages the tables make: every `before` between two listed tables shows one page."""
    settings.WHIST_WS_RESYNC_RATE = settings.WHIST_WS_RESYNC_RATE_PER_ADDRESS = (100, 10)
    ids = sorted(await db(public_tables)(40))
    socket = await connect("/ws/lobby/")
    await until(socket, "tables")
    built = lobby_lists.builds["tables"]
    low, high = ids[0], ids[-1] + 50
    pages = {}
    for before in range(low, high, 3):
        await socket.send_json_to({"type": "list", "before": before})
        page = await until(socket, "tables")
        expected = [i for i in sorted(ids, reverse=True) if i < before][: page["limit"]]
        assert [t["id"] for t in page["tables"]] == expected
        pages[tuple(expected)] = page["before"]
    # One build for each page that shows other tables (the newest was built at the socket's
    # opening), none for the other cursors.
    assert pages[tuple(sorted(ids, reverse=True)[:30])] is None
    assert lobby_lists.builds["tables"] - built == len(pages) - 1 < len(range(low, high, 3)) - 1
    await socket.disconnect()


async def test_a_current_table_socket_s_resync_builds_nothing(make_user):
    t, ann, bob = await german(make_user)
    ann_socket = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ann_socket, "state")
    bob_socket = await connect(f"/ws/table/{t.pk}/", bob)
    assert (await until(bob_socket, "state"))["seat"] == 1
    state = await until(ann_socket, "state")  # Bob is connected: a new version for all
    built = state_cache.builds["state"]

    await ann_socket.send_json_to({"type": "resync"})
    again = await until(ann_socket, "state")

    assert again == state and state_cache.builds["state"] == built
    await ann_socket.disconnect()
    await bob_socket.disconnect()


async def test_resyncs_have_their_own_limit(make_user, settings):
    settings.WHIST_WS_RESYNC_RATE = (3, 10.0)
    t, ann, _ = await german(make_user)
    socket = await connect(f"/ws/table/{t.pk}/", ann)
    await until(socket, "chat")

    for _ in range(3):
        await socket.send_json_to({"type": "resync"})
        await until(socket, "state")
    await socket.send_json_to({"type": "resync"})
    refused = await socket.receive_json_from(timeout=5)
    assert (refused["type"], refused["code"]) == ("error", "rate_limited")
    await socket.send_json_to({"type": "ping"})  # other frames still pass
    assert await socket.receive_json_from(timeout=5) == {"type": "pong"}
    await socket.disconnect()


async def test_lobby_lists_asked_on_the_same_beat_are_worked_on_a_few_at_a_time(
    settings, monkeypatch
):
    """Sockets that all ask at once (each within its limits) are answered, at most
    ANSWERING at a time in a process, so that a move coming meanwhile waits for a few
    answers, not for the whole burst."""
    settings.WHIST_WS_RESYNC_RATE = settings.WHIST_WS_RESYNC_RATE_PER_ADDRESS = (100, 10)
    await db(public_tables)(5)
    sockets = [await connect("/ws/lobby/") for _ in range(6)]
    for socket in sockets:
        await until(socket, "tables")
    working, most = [0], [0]
    list_page = lobby_lists.list_page

    async def counted(*args: Any) -> lobby_lists.Page:
        working[0] += 1
        most[0] = max(most[0], working[0])
        try:
            await asyncio.sleep(0.05)  # long enough for every other socket's frame to come
            return await list_page(*args)
        finally:
            working[0] -= 1

    monkeypatch.setattr(lobby_lists, "list_page", counted)
    for i, socket in enumerate(sockets):
        kind = {"type": "resync", "version": -1} if i % 2 else {"type": "list", "before": None}
        await socket.send_json_to(kind)
    for socket in sockets:
        assert (await until(socket, "tables"))["tables"]
    assert most[0] == lobby_lists.ANSWERING
    for socket in sockets:
        await socket.disconnect()


async def test_a_change_the_socket_missed_makes_the_page_ask_again(make_user):
    ann = await db(make_user)("ann")
    table = await db(services.table_create)(ann, "whist")
    socket = await connect("/ws/lobby/")
    first = await until(socket, "tables")
    entry_event = {"type": "lobby.row", "id": table.pk, "entry": None, "key": None,
                   "online": {"players": 0, "games": 0}}  # fmt: skip

    # The change at first["version"] + 1 was lost on the way (the layer is at most once).
    lost = {**entry_event, "version": first["version"] + 2}
    await get_channel_layer().group_send(broadcast.LOBBY_GROUP, lost)
    row = await until(socket, "row")
    assert row["since"] != first["version"]  # the page sees the gap...
    await socket.send_json_to({"type": "resync", "version": first["version"]})
    assert (await until(socket, "tables"))["type"] == "tables"  # ...and gets the list again
    await socket.disconnect()


async def test_the_sockets_of_one_address_share_a_resync_limit(make_user, settings):
    settings.WHIST_WS_RESYNC_RATE_PER_ADDRESS = (4, 10.0)
    sockets = [await from_address("/ws/lobby/", "10.9.8.7") for _ in range(3)]
    for socket in sockets:
        await until(socket, "tables")

    answers = []
    for socket in sockets * 2:  # two each: within each socket's own limit
        await socket.send_json_to({"type": "resync", "version": -1})
        answers.append((await socket.receive_json_from(timeout=5))["type"])
    assert answers.count("tables") == 4 and answers[4:] == ["error", "error"]
    for socket in sockets:
        await socket.disconnect()
