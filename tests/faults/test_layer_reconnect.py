"""The PubSub layer when Redis restarts (whistsite/patches/channel_layer.py): Redis drops what is
published while a subscriber is away, so once the layer is subscribed again each of its
channels hears `layer.reconnected`, and group messages flow again."""

from __future__ import annotations

import asyncio

import pytest

from tests.faults.stack import OwnRedis
from whistsite.patches.channel_layer import RECONNECTED, ReconnectingPubSubLayer, layer_host

# One at a time under pytest-xdist (make test): each starts a whole stack of its own and
# times its recovery, on a machine whose other worker is busy with the rest of the suite.
pytestmark = [pytest.mark.faults, pytest.mark.xdist_group("faults")]


async def test_after_redis_restarts_each_channel_of_the_layer_hears_that_it_reconnected(tmp_path):
    redis = OwnRedis(tmp_path)
    redis.start()
    layer = ReconnectingPubSubLayer(hosts=[{"address": redis.url, "socket_timeout": None}])
    try:
        seated, watching = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("table-1", seated)
        await layer.group_add("table-1", watching)
        redis.stop()
        await asyncio.sleep(0.5)
        redis.start()

        for channel in (seated, watching):
            assert await asyncio.wait_for(layer.receive(channel), 15) == RECONNECTED
        await layer.group_send("table-1", {"type": "table.state", "version": 9})
        for channel in (seated, watching):
            message = await asyncio.wait_for(layer.receive(channel), 5)
            assert message == {"type": "table.state", "version": 9}
    finally:
        await layer.flush()
        redis.stop()


async def test_a_publish_after_redis_restarts_goes_through_though_its_pooled_connection_dropped(
    tmp_path,
):
    """A server's layer keeps its publish connection in a pool; Redis restarting closes it.
    The first publish afterwards met that dead connection ('Connection closed by server')
    and was lost with no retry: a state sent then never reached the table, whose players
    waited at the old version (a fresh clone's CI: both seats at version 9 for 30 s)."""
    redis = OwnRedis(tmp_path)
    redis.start()
    layer = ReconnectingPubSubLayer(hosts=[layer_host(redis.url)])
    try:
        seated = await layer.new_channel()
        await layer.group_add("table-1", seated)
        await layer.group_send("table-1", {"type": "table.state", "version": 8})
        assert (await asyncio.wait_for(layer.receive(seated), 5))["version"] == 8
        redis.stop()
        await asyncio.sleep(0.5)
        redis.start()
        assert await asyncio.wait_for(layer.receive(seated), 15) == RECONNECTED

        await layer.group_send("table-1", {"type": "table.state", "version": 9})
        message = await asyncio.wait_for(layer.receive(seated), 5)
        assert message == {"type": "table.state", "version": 9}
    finally:
        await layer.flush()
        redis.stop()
