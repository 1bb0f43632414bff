"""channels_redis' PubSub layer, plus what it does not do: tell this process's sockets that
its connection to Redis came back (docs/stack-notes.md §2.18).

Redis keeps no publish for a subscriber that is away. While a server's subscription
connection is down (Redis restarted), every change published to its sockets' groups is
lost for them, and nothing else would tell them: the socket stays open, and a player
waits for a state that never comes. redis-py reconnects the subscription by itself and
subscribes again; at that moment each channel of this process gets a `layer.reconnected`
message, and the consumers send their state again (games/sockets/frames.py).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import deque
from typing import Any

from channels_redis import pubsub
from channels_redis.utils import _wrap_close
from prometheus_client import Counter
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

PINNED = {  # the first two overridden, the third called
    ("channels_redis.pubsub", "RedisPubSubLoopLayer._subscribe_to_channel"): "66626803e9165a8b",
    ("channels_redis.pubsub", "RedisPubSubChannelLayer._get_layer"): "fdbacf668626de88",
    ("channels_redis.utils", "_wrap_close"): "a6744cf0c85d825a",
    # Overridden while the process drains; the shards are made in __init__ (replaced after).
    ("channels_redis.pubsub", "RedisSingleShardConnection.unsubscribe"): "448cfb8240e2ba8b",
    ("channels_redis.pubsub", "RedisPubSubLoopLayer.__init__"): "6d0ce024b8ac6a94",
    # new_channel_into and close_channel do what these do, for a channel they put in an inbox
    # of the consumer's; the receiving shard puts each message in `channels[name]`.
    ("channels_redis.pubsub", "RedisPubSubLoopLayer.new_channel"): "b12157afd39d57a1",
    ("channels_redis.pubsub", "RedisPubSubLoopLayer.receive"): "0d5478d8efa49e73",
    ("channels_redis.pubsub", "RedisSingleShardConnection._receive_message"): "1b6e277ae034ebff",
}

log = logging.getLogger(__name__)
RECONNECTED = {"type": "layer.reconnected"}
# Here, not in runtime/metrics.py: the patches import nothing of the project.
RECONNECTS = Counter(
    "whist_channel_layer_reconnects_total",
    "Times a subscription connection of the channel layer came back after Redis was away",
)


def layer_host(url: str) -> dict[str, Any]:
    """The layer's connection settings for the Redis at `url` (settings.CHANNEL_LAYERS).

    A command that meets a dropped connection reconnects and is sent again, up to three
    times 50 ms to 1 s apart: redis-py's default is no retry, and after a Redis restart a
    server's first publish met the pooled connection Redis had closed and was lost (the
    subscription's reconnect had already told the sockets to resend, so nothing did)."""
    return {
        "address": url,
        # redis-py 8's default of 5 s kills idle sockets (docs/stack-notes.md §2.2).
        "socket_timeout": None,
        # redis-py 8 caps a pool at 100 connections (docs/stack-notes.md §2.10).
        "max_connections": 1000,
        "retry": Retry(ExponentialWithJitterBackoff(base=0.05, cap=1.0), 3),
        "retry_on_error": [RedisConnectionError, RedisTimeoutError],
    }


class Inbox:
    """One channel's messages, as the layer uses `asyncio.Queue` (`put_nowait`, and `get`
    by the channel's one receiver) in about a third of its memory: every open socket has
    one, and a queue (three deques and an event) cost about 3 KB of each socket's 50. Daphne
    gives a socket's application one too (whistsite/patches/daphne_inbox.py), and the
    layer's messages for the socket's channel go into that same one (`new_channel_into`)."""

    __slots__ = ("items", "waiter")

    def __init__(self) -> None:
        # A deque only while it holds something (an empty one is 760 bytes, per socket).
        self.items: deque[Any] | None = None
        self.waiter: asyncio.Future | None = None

    def put_nowait(self, item: Any) -> None:
        if self.items is None:
            self.items = deque()
        self.items.append(item)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def get(self) -> Any:
        while not self.items:
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        item = self.items.popleft()
        if not self.items:
            self.items = None
        return item


_draining = {"on": False}


def drain() -> None:
    """The process is stopping (games/sockets/shutdown.py): its sockets' channels are no
    longer unsubscribed one by one (see DrainingShard)."""
    _draining["on"] = True


class DrainingShard(pubsub.RedisSingleShardConnection):
    """A shard whose channels, once the process drains, are forgotten without an UNSUBSCRIBE.

    channels_redis unsubscribes each channel as its consumer ends, one round trip to Redis
    each, under the shard's one lock, which every publish takes too. After SIGTERM hundreds
    of sockets end at once: their unsubscribes queued behind each other, the goodbye's own
    publishes (each table's seats disconnected) behind them, and Daphne's stop cancelled
    consumers still waiting for the lock, each cancel a traceback ('Unexpected exception
    while cleaning-up channel'), after its 10 s application close timeout: processes were
    out 20-22 s after SIGTERM at 100 sockets each (bench/sigterm_runs.py). A stopping
    process's subscriptions end with its connection anyway."""

    async def unsubscribe(self, channel: str) -> None:
        if _draining["on"]:
            self._subscribed_to.discard(channel)
            return
        await super().unsubscribe(channel)


class ReconnectingLoopLayer(pubsub.RedisPubSubLoopLayer):
    """One event loop's layer that watches its shards' subscription connections."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        made: list[Any] = self.__dict__["_shards"]
        self._shards = [DrainingShard(shard.host, self) for shard in made]
        self._watched: dict[int, Any] = {}

    async def _subscribe_to_channel(self, channel: str) -> None:
        self.channels[channel] = Inbox()
        shard = self._get_shard(channel)
        await shard.subscribe(channel)
        self._watch(shard)

    async def new_channel_into(self, inbox: Any) -> str:
        """A new channel whose messages are put in `inbox` (`put_nowait`) as they arrive, still
        serialized (the receiver decodes them: `channel_layer.deserialize`): a consumer that
        reads its socket's events from `inbox` reads its channel's there too, with no task
        waiting on each (games/sockets/one_inbox.py). End it with `close_channel`."""
        channel = f"{self.prefix}specific.{uuid.uuid4().hex}"
        self.channels[channel] = inbox
        shard = self._get_shard(channel)
        try:
            await shard.subscribe(channel)
        except BaseException:
            del self.channels[channel]
            raise
        self._watch(shard)
        return channel

    async def close_channel(self, channel: str) -> None:
        """A channel of `new_channel_into` is done with: forgotten and unsubscribed, as
        `receive` does for its channel when its waiting is cancelled."""
        if self.channels.pop(channel, None) is None:
            return
        try:
            await self._get_shard(channel).unsubscribe(channel)
        except Exception:
            log.exception("could not unsubscribe channel %s", channel)

    async def group_add(self, group: str, channel: str) -> None:
        await super().group_add(group, channel)
        self._watch(self._get_shard(self._get_group_channel_name(group)))

    def _watch(self, shard: Any) -> None:
        """Hear every later connect of the shard's subscription connection (the first one
        has happened: the subscribe went through it)."""
        connection = shard._pubsub.connection if shard._pubsub is not None else None
        if connection is not None and self._watched.get(id(shard)) is not connection:
            connection.register_connect_callback(self._reconnected)
            self._watched[id(shard)] = connection

    async def _reconnected(self, connection: Any) -> None:
        """redis-py calls this after it connected again and subscribed again."""
        RECONNECTS.inc()
        message = self.channel_layer.serialize(RECONNECTED)
        for queue in list(self.channels.values()):
            queue.put_nowait(message)


class ReconnectingPubSubLayer(pubsub.RedisPubSubChannelLayer):
    """`RedisPubSubChannelLayer` whose per-loop layers say when Redis came back."""

    # Each receive decodes a dict of its own, so a consumer may empty it after use
    # (games/sockets/frames.py `JsonFrames._owns`).
    private_messages = True

    async def new_channel_into(self, inbox: Any) -> str:
        return await self._get_layer().new_channel_into(inbox)

    async def close_channel(self, channel: str) -> None:
        await self._get_layer().close_channel(channel)

    def _get_layer(self) -> ReconnectingLoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = ReconnectingLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer
