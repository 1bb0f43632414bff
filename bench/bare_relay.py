"""The bare stack of bench/load.py: the same Daphne processes, Redis channel layer and
sockets, on a consumer that only relays (`daphne bench.bare_relay:application`).

A socket at `/ws/table/<id>/?seat=S&players=P&size=N` joins its table's group and gets a
first state (version 0, seat 0 to act). An `act` on version v is answered by one message of
N bytes to the whole group: version v + 1, the next seat to act. No session, no database,
no rules: what is left of a move is what the stack itself costs (Daphne, Channels, Redis),
so that a load run can print the site's cost over it.
"""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import parse_qs

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")
get_asgi_application()  # the settings: the channel layer

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402


def state(version: int, to_act: int, size: int) -> str:
    """A state frame the bench's players read, padded to `size` bytes."""
    frame = {"type": "state", "version": version, "table": {"status": "playing"},
             "view": {"to_act": to_act, "legal": [{"action": "play", "card": "AS"}]},
             "padding": ""}  # fmt: skip
    text = json.dumps(frame)
    frame["padding"] = "x" * max(0, size - len(text))
    return json.dumps(frame)


class Relay(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        query = parse_qs(self.scope["query_string"].decode())
        self.seat = int(query["seat"][0])
        self.players = int(query["players"][0])
        self.size = int(query["size"][0])
        self.group = f"bare-{self.scope['url_route']['kwargs']['table_id']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=state(0, 0, self.size))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        message = json.loads(text_data or "{}")
        if message.get("type") != "act":
            return
        text = state(message["version"] + 1, (self.seat + 1) % self.players, self.size)
        await self.channel_layer.group_send(self.group, {"type": "relay", "text": text})

    async def relay(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)


application = ProtocolTypeRouter(
    {"websocket": URLRouter([path("ws/table/<int:table_id>/", Relay.as_asgi())])}
)
