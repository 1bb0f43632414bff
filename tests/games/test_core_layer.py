"""On channels_redis' core layer (WHIST_CHANNEL_LAYER=core), which hands one message dict
to every socket of a group in a process, each socket still gets every change: a socket
empties only messages that are its own (games/sockets/frames.py `JsonFrames._owns`)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.conf import settings

from .helpers import state
from .test_consumers import connect, german, until

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("InMemoryChannelLayer"),
        reason="needs REDIS_URL",
    ),
]
db = database_sync_to_async


@pytest.fixture
def core_layer(settings):
    hosts = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": hosts, "capacity": 1000},
        }
    }


async def test_both_players_of_a_table_get_each_change_on_the_core_layer(make_user, core_layer):
    t, ann, bob = await german(make_user)
    sockets = {0: await connect(f"/ws/table/{t.pk}/", ann)}
    sockets[1] = await connect(f"/ws/table/{t.pk}/", bob)
    for ws in sockets.values():
        await until(ws, "chat")

    for _ in range(3):  # three moves, each seen by both players
        mover = (await db(state)(t.pk)).to_act
        shown = await until_newest(sockets[mover])
        card = shown["view"]["legal"][0]["card"]
        await sockets[mover].send_json_to(
            {"type": "act", "version": shown["version"], "action": {"action": "play", "card": card}}
        )
        for ws in sockets.values():
            assert await version_seen(ws, shown["version"] + 1)
    for ws in sockets.values():
        await ws.disconnect()


async def until_newest(ws):
    """The socket's newest state: one more resync answered after what is queued."""
    await ws.send_json_to({"type": "resync"})
    return await until(ws, "state")


async def version_seen(ws, version: int) -> bool:
    """Whether the socket gets the state of `version` (older ones queued before it pass)."""
    seen = (await until(ws, "state"))["version"]
    while seen < version:
        seen = (await until(ws, "state"))["version"]
    return seen == version
