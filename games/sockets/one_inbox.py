"""A consumer's messages from one inbox: its socket's events and its channel's messages, with no
task waiting on each.

Channels' AsyncConsumer waits on two sources at once, the socket's `receive` and its channel's
`channel_layer.receive`, each in a task of its own made again after every message
(channels.utils.await_many_dispatch): two tasks, their coroutines and the wait's futures for as
long as the socket is open. Where `receive` is the `get` of a queue (a socket's inbox under
Daphne: whistsite/patches/daphne_inbox.py; the asyncio.Queue of channels' test communicator)
and the channel layer can put a channel's messages in it (whistsite/patches/channel_layer.py
`new_channel_into`), the consumer reads both there, one at a time in the order they came.
Otherwise (the in-memory layer of `make run`, a consumer without a layer) as channels does.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import AsyncConsumer
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer


class OneInbox(AsyncConsumer):
    """AsyncConsumer's `__call__` reading its socket and its channel from one inbox."""

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        layer = get_channel_layer(self.channel_layer_alias)
        inbox = getattr(receive, "__self__", None)
        into = getattr(layer, "new_channel_into", None)
        if into is None or not callable(getattr(inbox, "put_nowait", None)):
            await super().__call__(scope, receive, send)
            return
        self.scope, self.channel_layer, self.base_send = scope, layer, send
        self.channel_name = await into(inbox)
        try:
            while True:
                message = await receive()
                if isinstance(message, bytes):  # the channel's, as the layer received it
                    message = layer.deserialize(message)
                await self.dispatch(message)
        except StopConsumer:
            pass
        finally:
            await layer.close_channel(self.channel_name)
