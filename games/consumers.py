"""WebSocket consumers: one per table socket and one per lobby socket (docs/protocol.md).

They only check shapes and forward to services and selectors; every ORM call runs in a
worker thread (pitfall 8). JSON is decoded here, so a malformed frame gets an error and
the socket stays open (pitfall 13).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games import broadcast, lobby, selectors, services
from games.languages import scope_language
from games.scheduling import register_loop

log = logging.getLogger(__name__)
MAX_FRAME = 4096
CLOSE_REVOKED, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND = 4401, 4403, 4404


class JsonFrames(AsyncJsonWebsocketConsumer):
    """Decode frames ourselves: oversized, malformed or too frequent ones get an error message."""

    handlers: dict[str, str] = {}

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Messages for people (errors here and in the services) in the socket's language.
        if not hasattr(self, "language"):
            self.language = scope_language(self.scope)
        with translation.override(self.language):
            await self._receive(text_data)

    async def _receive(self, text_data: str | None) -> None:
        if not self._allowed_rate():
            await self.error("rate_limited", _("too many messages: slow down"))
            return
        if text_data is None or len(text_data) > MAX_FRAME:
            code = "too_large" if text_data else "bad_json"
            await self.error(
                code,
                _("send JSON text frames of at most %(most)s characters") % {"most": MAX_FRAME},
            )
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            await self.error("bad_json", _("the message is not JSON"))
            return
        kind = content.get("type") if isinstance(content, dict) else None
        handler = self.handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            known = ", ".join(sorted(self.handlers))
            await self.error(
                "bad_message", _("unknown message; send one of %(known)s") % {"known": known}
            )
            return
        await getattr(self, handler)(content)

    def _allowed_rate(self) -> bool:
        frames, seconds = settings.WHIST_WS_RATE
        stamps: deque = self.__dict__.setdefault("_stamps", deque())
        now = time.monotonic()
        while stamps and now - stamps[0] > seconds:
            stamps.popleft()
        stamps.append(now)
        return len(stamps) <= frames

    async def error(self, code: str, message: str) -> None:
        await self.send_json({"type": "error", "code": code, "message": message})


class TableConsumer(JsonFrames):
    """A player's or spectator's socket at one table."""

    handlers = {
        "act": "on_act", "chat": "on_chat", "resync": "on_resync", "back": "on_back",
        "ping": "on_ping",
    }  # fmt: skip

    async def connect(self) -> None:
        register_loop(asyncio.get_running_loop())
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.user = self.scope.get("user")
        self.user_id = self.user.pk if self.user and self.user.is_authenticated else None
        self.version = -1
        self.seat: int | None = None
        self.joined: list[str] = []
        allowed = await database_sync_to_async(self._may_watch)()
        await self.accept()
        if allowed is None or not allowed:
            await self.close(CLOSE_NOT_FOUND if allowed is None else CLOSE_FORBIDDEN)
            return
        await self._join(broadcast.table_group(self.table_id))
        if self.user_id is not None:
            await self._join(broadcast.user_group(self.user_id))
            self.seat = await database_sync_to_async(services.seat_connect)(
                self.table_id, self.user, self.channel_name
            )
            self.beating = asyncio.create_task(self._beat())
        await self.on_resync({})
        chat = await database_sync_to_async(selectors.chat_recent)(self.table_id)
        await self.send_json({"type": "chat", "messages": chat})

    def _may_watch(self) -> bool | None:
        table = selectors.table_get(self.table_id)
        if table is None:
            return None
        return selectors.can_watch(table, self.user, self.scope.get("session"))

    async def _join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.joined.append(group)

    async def _beat(self) -> None:
        """While open, tell the database this socket is alive (a server that dies stops
        telling, and the watchdog then counts its sockets as closed)."""
        while True:
            await asyncio.sleep(settings.WHIST_PRESENCE_BEAT)
            try:
                await database_sync_to_async(services.seat_heartbeat)(
                    self.table_id, self.user, self.channel_name
                )
            except Exception:  # a database hiccup: the next beat tries again
                log.exception("heartbeat of %s failed", self.channel_name)

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        if hasattr(self, "beating"):
            self.beating.cancel()
            await database_sync_to_async(services.seat_disconnect)(self.table_id, self.channel_name)

    async def on_act(self, content: dict[str, Any]) -> None:
        version, action = content.get("version"), content.get("action")
        if not isinstance(version, int) or isinstance(version, bool):
            await self.error("bad_message", _("act needs the version of the state you saw"))
            return
        if not isinstance(action, dict):
            await self.error("bad_message", _("act needs an action object"))
            return
        await self._call(services.move_play, self.table_id, action, version, user=self.user)

    async def on_chat(self, content: dict[str, Any]) -> None:
        await self._call(services.chat_post, self.table_id, self.user, content.get("text"))

    async def on_back(self, content: dict[str, Any]) -> None:
        await self._call(services.seat_back, self.table_id, self.user)

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def on_resync(self, content: dict[str, Any]) -> None:
        message = await database_sync_to_async(self._state_message)()
        if message is not None:
            await self._send_state(message, force=True)

    def _state_message(self) -> dict[str, Any] | None:
        table = selectors.table_get(self.table_id)
        return selectors.table_payload(table, self.user, self.scope.get("session"))

    async def _call(self, service: Any, *args: Any, **kwargs: Any) -> None:
        """Run a service; a refusal becomes an error (and, for a move, the current state)."""
        try:
            await database_sync_to_async(service)(*args, **kwargs)
        except services.ServiceError as exc:
            await self.error(exc.code, exc.message)
            if service is services.move_play:
                await self.on_resync({})

    async def _send_state(self, message: dict[str, Any], force: bool = False) -> None:
        # Whole versioned views: never send one older than what this socket already has.
        if message["version"] < self.version or (message["version"] == self.version and not force):
            return
        self.version = message["version"]
        await self.send_json(message)

    async def table_state(self, event: dict[str, Any]) -> None:
        """The spectator view; seated users get theirs through their own group instead."""
        if self.user_id is None or self.user_id not in event["seated"]:
            await self._send_state(event["message"])

    async def seat_state(self, event: dict[str, Any]) -> None:
        if event["table_id"] == self.table_id:
            self.seat = event["message"]["seat"]
            await self._send_state(event["message"])

    async def chat_message(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "chat", "messages": event["messages"]})

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "chat_hidden", "ids": event["ids"]})

    async def user_revoke(self, event: dict[str, Any]) -> None:
        await self.close(CLOSE_REVOKED)

    async def lobby_tables(self, event: dict[str, Any]) -> None:
        """Not subscribed to the lobby; present so a stray message is harmless."""


class LobbyConsumer(JsonFrames):
    """The lobby's live list of public tables."""

    handlers = {"resync": "on_resync", "ping": "on_ping"}

    async def connect(self) -> None:
        register_loop(asyncio.get_running_loop())
        await self.accept()
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.user_group = broadcast.user_group(user.pk)
            await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.on_resync({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)
        if hasattr(self, "user_group"):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def on_resync(self, content: dict[str, Any]) -> None:
        await self.send_json(await database_sync_to_async(lobby.lobby_message)())
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:  # their own tables, private ones too
            mine = await database_sync_to_async(lobby.running_tables)(user)
            await self.send_json({"type": "mine", "tables": mine})

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def lobby_tables(self, event: dict[str, Any]) -> None:
        await self.send_json({**event, "type": "tables"})

    async def seat_state(self, event: dict[str, Any]) -> None:
        """Seat views travel through the user's group; the lobby ignores them."""

    async def user_revoke(self, event: dict[str, Any]) -> None:
        await self.close(CLOSE_REVOKED)
