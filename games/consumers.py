"""WebSocket consumers: one per table socket and one per lobby socket (docs/protocol.md).

They only check shapes and forward to services and selectors; every ORM call runs in a
worker thread (docs/stack-notes.md §2.8). JSON is decoded here, so a bad frame gets an error and
the socket stays open (docs/stack-notes.md §2.13); anything a handler did not expect is logged and
answered with a `server_error`, never a dead socket, and the heartbeat ends with the
consumer whatever ends it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from typing import Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError, IntegrityError, InterfaceError
from django.utils import translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from accounts.selectors import ban_active, ban_text, blocked_ids
from games import broadcast, lobby, lobby_rows, selectors, services, shutdown, socket_limits
from games.languages import scope_language
from games.scheduling import register_loop

log = logging.getLogger(__name__)
MAX_FRAME = 4096
MAX_DEPTH = 16
TOO_DEEP = object()
CLOSE_REVOKED, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND = 4401, 4403, 4404
# Too many sockets of one user; "open again" (a password change: the session may be gone).
CLOSE_TOO_MANY, CLOSE_RECONNECT = 4429, 4000
HEARTBEAT = "whist-heartbeat"


class JsonFrames(AsyncJsonWebsocketConsumer):
    """Decode frames ourselves: oversized, malformed or too frequent ones get an error message;
    a failing handler is logged and answered; the heartbeat ends with the consumer."""

    handlers: dict[str, str] = {}
    accepted = False
    user_id: int | None = None

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:  # a close, a crash or a cancelled task: no heartbeat outlives its socket
            self._stop_beat()

    async def dispatch(self, message: dict[str, Any]) -> None:
        try:
            await super().dispatch(message)
        except StopConsumer:
            raise
        except Exception as exc:
            log.exception("%s failed on %s", type(self).__name__, message.get("type"))
            await self._failed(message, exc)

    async def _failed(self, message: dict[str, Any], exc: Exception) -> None:
        kind = message.get("type")
        if kind == "websocket.disconnect":
            raise StopConsumer()
        try:
            if kind == "websocket.connect" or not self.accepted:
                await self.close(1011)
            else:
                with translation.override(getattr(self, "language", None) or "en"):
                    await self._explain(exc)
        except Exception:
            log.exception("could not answer after a failure")

    async def _explain(self, exc: Exception) -> None:
        if isinstance(exc, DatabaseError | InterfaceError) and not isinstance(exc, IntegrityError):
            # The database is down or restarting: nothing was changed; try again later.
            await self.error(
                "unavailable",
                _("the game's database cannot be reached just now: nothing was changed, "
                  "try again in a moment"),
            )  # fmt: skip
        else:
            await self.error("server_error", _("the server failed on that message"))

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol, headers)
        self.accepted = True
        shutdown.track(self)

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        try:
            await super().websocket_disconnect(message)
        finally:
            shutdown.untrack(self)

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
        except RecursionError:  # "[[[[...": past the parser's recursion limit (Python 3.12)
            content = TOO_DEEP
        if content is TOO_DEEP or too_deep(content):
            await self.error(
                "bad_json",
                _("the message is nested too deeply (at most %(most)s levels)")
                % {"most": MAX_DEPTH},
            )
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

    async def _admit_user(self) -> bool:
        """A logged-in user's socket counts against their limit and is refused while they
        are banned (closed with the reason); False if it was closed."""
        if self.user_id is None:
            return True
        user = self.scope["user"]
        ban = await sync_to_async(ban_active)(user)
        if ban is not None:
            with translation.override(scope_language(self.scope)):
                await self.error("banned", ban_text(ban))
            await self.close(CLOSE_REVOKED)
            return False
        if not await sync_to_async(socket_limits.socket_open)(self.user_id, self.channel_name):
            with translation.override(scope_language(self.scope)):
                await self.error("too_many_sockets", _("too many open connections: close a "
                                                       "tab or two"))  # fmt: skip
            await self.close(CLOSE_TOO_MANY)
            return False
        self.counted = True
        self._start_beat()
        return True

    def _start_beat(self) -> None:
        self.beating = asyncio.create_task(self._beat(), name=f"{HEARTBEAT} {self.channel_name}")

    def _stop_beat(self) -> None:
        beating = getattr(self, "beating", None)
        if beating is not None and not beating.done():
            beating.cancel()

    async def _beat(self) -> None:
        """While open, tell the cache (and, at a table, the database) this socket is alive
        (a server that dies stops telling, and its sockets stop counting)."""
        while True:
            await asyncio.sleep(settings.WHIST_PRESENCE_BEAT)
            try:
                await self.beat()
            except Exception:  # a database or cache hiccup: the next beat tries again
                log.exception("heartbeat of %s failed", self.channel_name)

    async def beat(self) -> None:
        await sync_to_async(socket_limits.socket_refresh)(self.user_id, self.channel_name)

    async def _release(self) -> None:
        """On disconnect: the heartbeat stops and the socket no longer counts."""
        self._stop_beat()
        if getattr(self, "counted", False):
            await sync_to_async(socket_limits.socket_close)(self.user_id, self.channel_name)

    async def user_revoke(self, event: dict[str, Any]) -> None:
        """Logout, ban, new password (docs/stack-notes.md §2.14): close the user's socket; a banned
        player is told why; after a password change the page opens the socket again, which
        only the session that made the change may still use."""
        reason = event.get("reason")
        if reason == "password":
            await self.close(CLOSE_RECONNECT)
            return
        ban = event.get("ban")
        if reason == "banned" and ban:
            until = parse_datetime(ban["until"]) if ban.get("until") else None
            language = getattr(self, "language", None) or scope_language(self.scope)
            with translation.override(language):
                await self.error("banned", ban_text({"reason": ban["reason"], "until": until}))
        await self.close(CLOSE_REVOKED)


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
        self.blocked: set[int] = set()
        allowed = await database_sync_to_async(self._may_watch)()
        await self.accept()
        if allowed is None or not allowed:
            await self.close(CLOSE_NOT_FOUND if allowed is None else CLOSE_FORBIDDEN)
            return
        if not await self._admit_user():
            return
        await self._join(broadcast.table_group(self.table_id))
        if self.user_id is not None:
            await self._join(broadcast.user_group(self.user_id))
            self.seat = await database_sync_to_async(services.seat_connect)(
                self.table_id, self.user, self.channel_name
            )
            self.blocked = await database_sync_to_async(blocked_ids)(self.user)
        await self.on_resync({})
        chat = await database_sync_to_async(selectors.chat_recent)(
            self.table_id, hide_users=self.blocked
        )
        await self.send_json({"type": "chat", "messages": client_chat(chat)})

    def _may_watch(self) -> bool | None:
        table = selectors.table_get(self.table_id)
        if table is None:
            return None
        return selectors.can_watch(table, self.user, self.scope.get("session"))

    async def _join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.joined.append(group)

    async def beat(self) -> None:
        await super().beat()
        await database_sync_to_async(services.seat_heartbeat)(
            self.table_id, self.user, self.channel_name
        )

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        await self._release()
        if getattr(self, "counted", False):
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
        """The player is back; the answer is the current state (also when nothing changed)."""
        if await self._call(services.seat_back, self.table_id, self.user):
            await self.on_resync({})

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def on_resync(self, content: dict[str, Any]) -> None:
        message = await database_sync_to_async(self._state_message)()
        if message is not None:
            await self._send_state(message, force=True)

    def _state_message(self) -> dict[str, Any] | None:
        table = selectors.table_get(self.table_id)
        return selectors.table_payload(table, self.user, self.scope.get("session"))

    async def _call(self, service: Any, *args: Any, **kwargs: Any) -> bool:
        """Run a service; a refusal becomes an error (and, for a move, the current state).
        Whether it ran."""
        try:
            await database_sync_to_async(service)(*args, **kwargs)
        except services.ServiceError as exc:
            await self.error(exc.code, exc.message)
            if service is services.move_play:
                await self.on_resync({})
            return False
        return True

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
        shown = [m for m in event["messages"] if m.get("uid") not in self.blocked]
        if shown:
            await self.send_json({"type": "chat", "messages": client_chat(shown)})

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "chat_hidden", "ids": event["ids"]})

    async def user_blocks(self, event: dict[str, Any]) -> None:
        """The user's block list changed: newly blocked players' lines leave the page."""
        before = self.blocked
        self.blocked = await database_sync_to_async(blocked_ids)(self.user)
        added = self.blocked - before
        if added:
            lines = await database_sync_to_async(selectors.chat_recent)(self.table_id)
            ids = [m["id"] for m in lines if m["uid"] in added]
            if ids:
                await self.send_json({"type": "chat_hidden", "ids": ids})

    async def rankings_awards(self, event: dict[str, Any]) -> None:
        """What a finished game brought this user (rating, XP, level, unlocks): docs/protocol.md."""
        if event["table_id"] == self.table_id:
            await self.send_json(
                {"type": "awards", "table_id": event["table_id"], "awards": event["awards"]}
            )

    async def lobby_tables(self, event: dict[str, Any]) -> None:
        """Not subscribed to the lobby; present so a stray message is harmless."""


class LobbyConsumer(JsonFrames):
    """The lobby's live list of public tables."""

    handlers = {"resync": "on_resync", "ping": "on_ping"}

    async def connect(self) -> None:
        register_loop(asyncio.get_running_loop())
        await self.accept()
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        if not await self._admit_user():
            return
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        if self.user_id is not None:
            self.user_group = broadcast.user_group(self.user_id)
            await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.on_resync({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)
        if hasattr(self, "user_group"):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)
        await self._release()

    async def on_resync(self, content: dict[str, Any]) -> None:
        message = await database_sync_to_async(lobby.lobby_message)()
        await self.send_json(lobby_rows.with_rows(message, self.scope))
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:  # their own tables, private ones too
            mine = await database_sync_to_async(lobby.running_tables)(user)
            await self.send_json(
                lobby_rows.with_rows({"type": "mine", "tables": mine}, self.scope, mine=True)
            )

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def lobby_tables(self, event: dict[str, Any]) -> None:
        await self.send_json(lobby_rows.with_rows({**event, "type": "tables"}, self.scope))

    async def seat_state(self, event: dict[str, Any]) -> None:
        """Seat views travel through the user's group; the lobby ignores them."""

    async def rankings_awards(self, event: dict[str, Any]) -> None:
        """Awards travel through the user's group too; the table's socket shows them."""

    async def user_blocks(self, event: dict[str, Any]) -> None:
        """The lobby shows no chat."""


def too_deep(value: Any, most: int = MAX_DEPTH) -> bool:
    """Whether a decoded frame nests lists and objects more than `most` levels deep (no
    message needs more than three; deeper ones would only feed recursive code)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > most:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def client_chat(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Chat lines as the client gets them: without the writer's id (selectors.chat_dict)."""
    return [{k: v for k, v in m.items() if k != "uid"} for m in messages]


class NoRouteConsumer(AsyncJsonWebsocketConsumer):
    """A socket at a path that is no table and no lobby: accepted, then closed with 4404
    (docs/protocol.md), so the page learns why instead of meeting an HTTP 500."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(CLOSE_NOT_FOUND)
