"""A WebSocket's application reads its events from an `Inbox` (whistsite/patches/channel_layer.py),
not from an asyncio.Queue of its own.

Daphne's Server.create_application makes an asyncio.Queue per connection (four deques and an
event: about 3 KB while the socket is open) and hands the application its `get` as `receive`.
For a WebSocket it makes an Inbox here (one deque), whose `get` a consumer recognises as its
`receive`, so that the channel layer puts the consumer's channel messages in the same inbox
(games/sockets/one_inbox.py): one place to wait, no task per source. An HTTP request keeps
Daphne's queue. `install()` is idempotent; whistsite/asgi.py calls it. Relies on (`PINNED`):
the method below copies Daphne's but for the queue; Daphne's protocols only `put_nowait` in
what it returns.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from daphne.server import Server

from whistsite.patches.channel_layer import Inbox

PINNED = {
    ("daphne.server", "Server.create_application"): "e440a9663047ea85",
    ("daphne.ws_protocol", "WebSocketProtocol.applicationCreateWorked"): "cec8129fc452b75b",
}


def install() -> None:
    if getattr(Server.create_application, "inboxed", False):
        return
    original = Server.create_application

    def create_application(self: Any, protocol: Any, scope: dict) -> Any:
        """Daphne's, with an Inbox for a WebSocket's events."""
        if scope.get("type") != "websocket":
            return original(self, protocol, scope)
        assert "application_instance" not in self.connections[protocol]
        inbox = Inbox()
        scope.setdefault("asgi", {"version": "3.0"})
        instance = self.application(
            scope=scope, receive=inbox.get, send=partial(self.handle_reply, protocol)
        )
        if protocol not in self.connections:
            return None
        self.connections[protocol]["application_instance"] = asyncio.ensure_future(
            instance, loop=asyncio.get_event_loop()
        )
        return inbox

    create_application.inboxed = True  # type: ignore[attr-defined]
    Server.create_application = create_application
