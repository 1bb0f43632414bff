"""The base of the card room's WebSocket consumers: frames decoded and checked here
(size, JSON, depth, rate); each socket counted against its user's and its address's
limits, a heartbeat while open, and a socket closed when its user is revoked are
games/sockets/admission.py's.

JSON is decoded here, so a malformed frame gets an error and the socket stays open
(docs/stack-notes.md §2.13); anything a handler did not expect is logged and answered with a
`server_error`, never a dead socket, and the heartbeat ends with the consumer whatever
ends it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from typing import Any

from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError, IntegrityError, InterfaceError
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from redis.exceptions import RedisError

from games.sockets import floods, shutdown
from games.sockets.admission import Admission
from games.sockets.languages import scope_language
from games.sockets.one_inbox import OneInbox
from games.sockets.socket_user import read_user
from runtime import log_context, metrics
from runtime.process_cache import cache as process_cache

log = logging.getLogger(__name__)
MAX_FRAME = 4096
MAX_DEPTH = 16
TOO_DEEP = object()
CLOSE_FORBIDDEN, CLOSE_NOT_FOUND = 4403, 4404
# The server failed while opening the socket: RFC 6455's 1011, which autobahn refuses to
# send ("must be 1000 or from [3000, 4999]": the close itself failed and the socket stayed
# open, silent); 4000 + the RFC code, as shutdown.CLOSE_RESTART is 4012 for 1012.
CLOSE_SERVER_ERROR = 4011
# Something the socket needs (Redis, the database) cannot be reached just now: try again
# later (RFC 6455's 1013, likewise shifted). The page reconnects with backoff.
CLOSE_TRY_LATER = 4013
# A flood (games/sockets/floods.py): RFC 6455's 1008, policy violation, shifted.
CLOSE_FLOOD = floods.CLOSE_FLOOD
# Frames refused or dropped by this process, by reason (logged with each cut-off socket,
# never a line or a traceback per frame).
refusals: Counter[str] = Counter()
UNREACHABLE = (DatabaseError, InterfaceError, RedisError, OSError)


class JsonFrames(Admission, OneInbox, AsyncJsonWebsocketConsumer):
    """Decode frames ourselves: oversized, malformed or too frequent ones get an error message;
    a failing handler is logged and answered; the heartbeat ends with the consumer. Its socket's
    events and its channel's messages come from one inbox (games/sockets/one_inbox.py)."""

    handlers: dict[str, str] = {}
    accepted = False
    # Set by the consumer's connect once every access check passed; `closing` from the
    # moment the server closes. A frame before the one or after the other is dropped
    # unanswered (docs/protocol.md §"Close codes"): a client may send right after the
    # handshake, before the checks refused it, or keep sending to a closing socket.
    admitted = False
    closing = False
    connecting = False  # in its connect handler: a close then is a refused handshake
    uncounted = False  # taken off the open sockets' gauge (runtime/metrics.py)
    user_id: int | None = None
    # Whether a logged-in user's socket beats (`beat`, games/sockets/heartbeats.py) while open.
    beats = False
    # What the opening found and counted, undone when the socket ends (each set in `connect`'s
    # checks; a socket refused early has not got that far).
    address: str | None = None  # the client's address, counted per address while open
    address_counted = False
    counted = False  # counted among the process's (and the user's) open sockets
    beating = False  # among the heartbeat's sockets now
    language: str | None = None  # the socket's language, from the scope at its first frame
    # Set in __init__, in this order (a subclass adds its own): see there.
    own_attributes: tuple[str, ...] = (
        "scope", "channel_layer", "channel_name", "base_send", "connecting", "accepted",
        "admitted", "closing", "uncounted", "user_id", "address", "address_counted", "counted",
        "beating", "language", "_stamps",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Every attribute a socket of this class gets, in one order from the start: Python
        # keeps an object's attributes in a small array shared out by its class while they
        # come in one order, and in a dictionary of its own (1.6 KB) once they do not.
        for name in self.own_attributes:
            setattr(self, name, getattr(self, name, None))

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        # This socket's log lines carry its id and table (runtime/log_context.py).
        table = (scope.get("url_route") or {}).get("kwargs", {}).get("table_id")
        log_context.bind(request=log_context.new_id(), table=table)
        try:
            await super().__call__(scope, receive, send)
        except Exception as exc:
            if self.accepted:
                raise
            # The channel layer could not give the socket a channel (Redis is down): without
            # this the handshake got an HTTP 500, which the page cannot tell from a bug.
            log.warning("socket refused before its handshake: %r", exc)
            await _refuse_handshake(receive, send, await _closing_code(exc))
        finally:  # a close, a crash or a cancelled task: no heartbeat outlives its socket
            self._stop_beat()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """As channels' `AsyncConsumer.dispatch`, without its hop to the one shared sync
        thread to close that thread's old database connections before every message: no
        handler here uses that thread's connection (every database call goes through
        `db_call`, whose worker closes its own old connections before and after), and the
        hop put each socket's every event (four per move at a table of four) in one queue."""
        if self._dropped(message):
            refusals["dropped"] += 1
            log.debug("dropped %s (closing: %s)", message.get("type"), self.closing)
            return
        try:
            handler = getattr(self, get_handler_name(message), None)
            if handler is None:
                raise ValueError(f"no handler for message type {message['type']}")
            await handler(message)
            if self._owns(message):
                # Channels keeps the last message it dispatched until the next one comes:
                # an idle socket would hold its last table state (every seat's text, ~9 KB).
                message.clear()
        except StopConsumer:
            raise
        except Exception as exc:
            log.exception("%s failed on %s", type(self).__name__, message.get("type"))
            await self._failed(message, exc)

    def _dropped(self, message: dict[str, Any]) -> bool:
        """Whether `message` comes too early or too late to be handled: a client's frame
        before the socket was admitted, anything but the disconnect once it is closing."""
        kind = message.get("type", "")
        if kind == "websocket.disconnect" or kind == "websocket.connect":
            return False
        return self.closing or (kind == "websocket.receive" and not self.admitted)

    def _owns(self, message: dict[str, Any]) -> bool:
        """Whether `message` is this socket's own dict, which it may empty: a frame from the
        server is; a layer's message only if the layer says so (channels_redis' core layer
        hands one dict to every socket of a group in the process)."""
        if message.get("type", "").startswith("websocket."):
            return True
        return getattr(self.channel_layer, "private_messages", False)

    async def _failed(self, message: dict[str, Any], exc: Exception) -> None:
        kind = message.get("type")
        if kind == "websocket.disconnect":
            raise StopConsumer()
        try:
            if kind == "websocket.connect" or not self.accepted:
                await self.close(await _closing_code(exc))
            else:
                with translation.override(self.language or "en"):
                    await self._explain(exc)
        except Exception:
            log.exception("could not answer after a failure; closing")
            try:  # never a socket left open and silent
                await self.close(CLOSE_SERVER_ERROR)
            except Exception:
                log.exception("could not close after a failure")

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

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Send a frame, unless the socket is closing. A socket the client is closing (its
        close frame came in, Daphne has not told us yet) raises autobahn's `Disconnected`:
        the socket is taken as closing, what it still queued is dropped, and nothing is
        logged (a backlog answered into a closing socket logged a traceback per frame)."""
        if self.closing:
            refusals["unsent"] += 1
            return
        try:
            await super().send(text_data, bytes_data, close)
        except Disconnected:
            log.debug("the client is closing: nothing more is sent")
            self.closing = True
            refusals["unsent"] += 1

    async def send_json(self, content: Any, close: bool = False) -> None:
        """As channels' `send_json`, through `send` below (channels' goes around it)."""
        await self.send(text_data=await self.encode_json(content), close=close)

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        """Close from the server's end, once; nothing is handled afterwards."""
        if self.closing:
            return
        self.closing = True
        if self.connecting:  # refused during its handshake (runtime/metrics.py)
            metrics.HANDSHAKES_REFUSED.labels(code=str(code)).inc()
        await super().close(code, reason)

    async def websocket_connect(self, message: dict[str, Any]) -> None:
        # Accepted, then the user read (games/sockets/socket_user.py), then `connect`.
        self.connecting = True
        try:
            await self.accept()
            if not self.closing:  # closing: the server is stopping (accept closed it)
                await read_user(self.scope)
                await super().websocket_connect(message)
        finally:
            self.connecting = False

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol, headers)
        self.accepted = True
        metrics.SOCKETS_OPEN.labels(kind=self.metric_kind()).inc()
        shutdown.track(self)
        if shutdown.stopping():  # opened while the server says goodbye: go elsewhere
            await self.close(shutdown.CLOSE_RESTART)

    def metric_kind(self) -> str:
        """table, lobby, notice: the consumer's class, a label with a few values."""
        return type(self).__name__.removesuffix("Consumer").lower()

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        try:
            await super().websocket_disconnect(message)
        finally:
            if self.accepted and not self.uncounted:
                self.uncounted = True
                metrics.SOCKETS_OPEN.labels(kind=self.metric_kind()).dec()
            shutdown.untrack(self)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Messages for people (errors here and in the services) in the socket's language.
        if self.language is None:
            self.language = scope_language(self.scope)
        with translation.override(self.language):
            await self._receive(text_data)

    async def _receive(self, text_data: str | None) -> None:
        if not self._allowed_rate():
            await self._refuse_flood()
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
        if content is TOO_DEEP or (_brackets(text_data) > MAX_DEPTH and too_deep(content)):
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
        log.debug("frame %s", kind)  # with the socket's ids (runtime/log_context.py)
        await getattr(self, handler)(content)

    def _allowed_rate(self) -> bool:
        frames, seconds = settings.WHIST_WS_RATE
        return self._count_in_window("_stamps", seconds) <= frames

    def _count_in_window(self, name: str, seconds: float) -> int:
        """Count one more event in the list `name` of this socket; how many fell within the
        last `seconds`."""
        stamps: list[float] | None = getattr(self, name, None)  # a list: a deque is 760 bytes
        if stamps is None:
            stamps = []
            setattr(self, name, stamps)
        now = time.monotonic()
        old = next((i for i, stamp in enumerate(stamps) if now - stamp <= seconds), len(stamps))
        del stamps[:old]
        stamps.append(now)
        return len(stamps)

    async def _refuse_flood(self) -> None:
        """A frame past the rate: answered with `rate_limited` for a grace of as many frames
        as the rate allows in its window; a socket that goes on sending past it within the
        window is cut off with 4008 (and what it still queued is dropped unanswered)."""
        frames, seconds = settings.WHIST_WS_RATE
        refused = self._count_in_window("_refused", seconds)
        refusals["rate_limited"] += 1
        if refused <= frames:
            await self.error("rate_limited", _("too many messages: slow down"))
            return
        await self._cut_off(f"{refused} frames refused in {seconds:g} s")

    async def websocket_flood(self, message: dict[str, Any]) -> None:
        """Daphne's protocol cut the socket as its frames came
        (whistsite/patches/daphne_frame_guard.py): it reads no more of them; say why and close."""
        await self._cut_off("cut by the protocol as its frames came")

    async def _cut_off(self, why: str) -> None:
        """Close a flooding socket with the `flood` error and 4008; its address is kept out
        for a while (games/sockets/floods.py)."""
        refusals["cut_off"] += 1
        floods.cool((self.scope.get("client") or [None])[0])
        log.warning("socket %s cut off for flooding (%s); this process so far: %s",
                    self.channel_name, why, dict(refusals))  # fmt: skip
        await self.error("flood", _("too many messages: this connection is closed"))
        await self.close(CLOSE_FLOOD)

    async def error(self, code: str, message: str) -> None:
        await self.send_json({"type": "error", "code": code, "message": capfirst(message)})


async def _closing_code(exc: Exception) -> int:
    """How a socket that failed while opening is closed: 4013 (try again later) if something
    it needs could not be reached, else 4011 (the server failed). Unreachable is what the
    error or one it was raised from says, or, for an error of another kind, what a look at
    the shared cache finds: Redis stopping under a socket's subscription can fail it with
    an error of the client's own (a fresh clone's CI saw 4011 with Redis down)."""
    if _unreachable(exc) or not await _cache_answers():
        return CLOSE_TRY_LATER
    return CLOSE_SERVER_ERROR


def _unreachable(exc: BaseException | None) -> bool:
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, UNREACHABLE):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


async def _cache_answers(seconds: float = 2.0) -> bool:
    """Whether the shared cache (Redis, where there is one) answers within `seconds`."""
    try:
        await asyncio.wait_for(
            sync_to_async(process_cache.get, thread_sensitive=False)("games:probe"), seconds
        )
    except Exception:
        return False
    return True


async def _refuse_handshake(receive: Any, send: Any, code: int) -> None:
    """Answer a handshake the consumer could not start on: accepted, then closed with `code`."""
    try:
        message = await receive()
        if message.get("type") == "websocket.connect":
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": code})
    except Exception:
        log.exception("could not refuse the handshake")


def _brackets(text: str) -> int:
    """The opening brackets in a frame's text, as many as its decoded value could nest at most
    (one inside a string only adds to the count): a frame with no more than MAX_DEPTH is
    not walked by `too_deep` (an act frame has two)."""
    return text.count("[") + text.count("{")


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
