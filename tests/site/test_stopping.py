"""What a stopping server does to its libraries (games/sockets/shutdown.py): queued work is
cancelled but the pools stay open (whistsite/patches/asgiref_loop.py), and a draining
process's channels are forgotten without an UNSUBSCRIBE each
(whistsite/patches/channel_layer.py)."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.layers import channel_layers, get_channel_layer
from django.conf import settings

from whistsite.patches import channel_layer
from whistsite.patches.asgiref_loop import cancel_queued


def test_queued_work_is_cancelled_and_the_pool_still_takes_work() -> None:
    release = threading.Event()
    pool = ThreadPoolExecutor(max_workers=1)
    running = pool.submit(release.wait, 10)
    queued = [pool.submit(lambda: "ran") for _ in range(3)]
    assert cancel_queued(pool) == 3
    assert all(future.cancelled() for future in queued)
    release.set()
    assert running.result(5) is True
    # A disconnect's hop after the goodbye: shutdown() made this raise RuntimeError.
    assert pool.submit(lambda: "later").result(5) == "later"
    pool.shutdown()


@pytest.mark.skipif(not getattr(settings, "REDIS_URL", ""), reason="needs REDIS_URL")
async def test_a_draining_process_leaves_its_channels_subscribed_for_its_connection_to_end(
    monkeypatch,
) -> None:
    channel_layers.backends.clear()
    layer = get_channel_layer()
    channel = await layer.new_channel()
    shard = layer._get_layer()._get_shard(channel)
    monkeypatch.setitem(channel_layer._draining, "on", True)
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0.1)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert channel not in shard._subscribed_to
    # No UNSUBSCRIBE went out: Redis still counts the subscription, until the process's
    # connection closes.
    count = dict(await shard._redis.pubsub_numsub(channel))
    assert count[channel.encode()] == 1
    monkeypatch.setitem(channel_layer._draining, "on", False)
    await layer.flush()
