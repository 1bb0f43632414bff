"""After the server's channel layer reconnects to Redis (whistsite/patches/channel_layer.py), each
socket gets again what a lost publish may have carried: a table socket its state and the
chat, a lobby socket the list."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.broadcast import LOBBY_GROUP, table_group
from whistsite.patches.channel_layer import RECONNECTED

from .helpers import german_table
from .test_consumers import connect, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def test_a_table_socket_gets_its_state_and_the_chat_again_when_the_layer_reconnects(
    make_user,
):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    opened = await until(ws, "state")
    await until(ws, "chat")
    # The seat's first socket: its `connected` is published a moment later as a version of its
    # own (games/sockets/table_opening.py). Waited for, or a loaded machine's test sent the
    # reconnect after it and took that version for the state sent again.
    first = await until(ws, "state")
    assert first["version"] == opened["version"] + 1

    await get_channel_layer().group_send(table_group(t.pk), dict(RECONNECTED))
    again = await until(ws, "state")
    assert again["seat"] == 0 and again["version"] == first["version"]
    assert again["view"] == first["view"]
    await until(ws, "chat")
    await ws.disconnect()


async def test_a_lobby_socket_gets_the_list_again_when_the_layer_reconnects():
    ws = await connect("/ws/lobby/")
    await until(ws, "tables")

    await get_channel_layer().group_send(LOBBY_GROUP, dict(RECONNECTED))
    assert (await until(ws, "tables"))["type"] == "tables"
    await ws.disconnect()
