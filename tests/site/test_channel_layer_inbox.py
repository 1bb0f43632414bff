"""A channel's inbox in the PubSub layer (whistsite/patches/channel_layer.py `Inbox`): messages
come out in the order they went in, a waiting receiver wakes on the next one, and a
receiver cancelled while waiting (a socket closing) leaves the inbox usable. A channel made
into a socket's inbox puts its messages there, and is unsubscribed when closed."""

from __future__ import annotations

import asyncio

import pytest
from channels.layers import channel_layers, get_channel_layer
from django.conf import settings

from whistsite.patches.channel_layer import Inbox


async def test_messages_come_out_in_the_order_they_went_in():
    inbox = Inbox()
    for n in range(3):
        inbox.put_nowait(n)
    assert [await inbox.get() for _ in range(3)] == [0, 1, 2]


async def test_a_waiting_receiver_wakes_on_the_next_message():
    inbox = Inbox()
    waiting = asyncio.create_task(inbox.get())
    await asyncio.sleep(0.01)
    assert not waiting.done()
    inbox.put_nowait("state")
    assert await asyncio.wait_for(waiting, 1) == "state"


async def test_a_receiver_cancelled_while_waiting_leaves_the_inbox_usable():
    inbox = Inbox()
    waiting = asyncio.create_task(inbox.get())
    await asyncio.sleep(0.01)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    inbox.put_nowait("later")
    assert await asyncio.wait_for(inbox.get(), 1) == "later"


on_redis = pytest.mark.skipif(not getattr(settings, "REDIS_URL", ""), reason="needs REDIS_URL")


@on_redis
async def test_a_channel_made_into_an_inbox_puts_its_messages_there_as_they_came() -> None:
    """A socket's consumer reads its channel from its socket's inbox
    (games/sockets/one_inbox.py): the layer puts each message there, still serialized."""
    channel_layers.backends.clear()
    layer = get_channel_layer()
    inbox = Inbox()
    channel = await layer.new_channel_into(inbox)
    inbox.put_nowait({"type": "websocket.receive", "text": "{}"})
    await layer.send(channel, {"type": "table.state", "version": 3})
    assert await asyncio.wait_for(inbox.get(), 1) == {"type": "websocket.receive", "text": "{}"}
    message = await asyncio.wait_for(inbox.get(), 5)
    assert layer.deserialize(message) == {"type": "table.state", "version": 3}
    await layer.close_channel(channel)
    await layer.flush()


@on_redis
async def numsub(shard, channel: str, wanted: int) -> int:
    """The channel's subscribers once they are `wanted` (or after a second, whatever they are).
    redis-py writes a SUBSCRIBE or UNSUBSCRIBE and returns (its reply is read by the receiving
    task); NUMSUB goes on another connection, which Redis may serve first: a -n 2 run of
    tests/site at load 10 failed here once (2026-12-07)."""
    for _ in range(100):
        found = dict(await shard._redis.pubsub_numsub(channel))[channel.encode()]
        if found == wanted:
            return found
        await asyncio.sleep(0.01)
    return found


async def test_a_closed_channel_is_forgotten_and_unsubscribed() -> None:
    channel_layers.backends.clear()
    layer = get_channel_layer()
    channel = await layer.new_channel_into(Inbox())
    shard = layer._get_layer()._get_shard(channel)
    assert await numsub(shard, channel, 1) == 1
    await layer.close_channel(channel)
    assert channel not in layer._get_layer().channels
    assert await numsub(shard, channel, 0) == 0
    await layer.flush()
