"""A socket that floods frames is cut where its frames arrive, in Daphne's WebSocket protocol,
not after the application has worked through them (docs/protocol.md, close code 4008).

Daphne's protocol puts every frame autobahn parses into the application's queue, unbounded,
and the Twisted reactor reads a socket as fast as it sends: the consumers' own rate check
(games/sockets/frames.py) runs only when the application takes a frame from that queue. One
flooding socket was cut there within 0.1 s; twenty were cut after 16 s, once the process had
read and queued 680,000 frames (0.5 GB), and every other table on it waited as long.

Here each socket has a token bucket of twice the consumers' rate (WHIST_WS_RATE: their
frames and as many again refused, per window), so it passes whatever the consumers would
answer without cutting. A socket that empties it:

- gets no more frames queued: what autobahn has read but not parsed is dropped, and the
  socket is no longer read (the kernel's buffer fills and the client's sends stall);
- the frames it sent that its application has not taken yet are dropped unanswered, and
  the application gets one `websocket.flood` event instead; it closes the socket with the
  `flood` error and 4008, in the page's language;
- if the application has not closed it within GIVE_UP seconds, the protocol does (4008).

Pings count as frames too. `install()` is idempotent; whistsite/asgi.py calls it. Relies on
(`PINNED`): Daphne's onMessage queueing each frame in the queue that
Server.create_application makes (an Inbox: whistsite/patches/daphne_inbox.py), and autobahn's
consumeData parsing its buffer `data` frame by frame, each frame cut from it before onMessage
is called.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from daphne.ws_protocol import WebSocketProtocol

from whistsite.patches.channel_layer import Inbox

PINNED = {
    ("daphne.ws_protocol", "WebSocketProtocol.onMessage"): "e2e8703ca6441e89",
    ("daphne.server", "Server.create_application"): "e440a9663047ea85",
    ("autobahn.websocket.protocol", "WebSocketProtocol.consumeData"): "4b406faf90772992",
    ("autobahn.websocket.protocol", "WebSocketProtocol.onPing"): "283b42efedca0d12",
}
FLOOD = "websocket.flood"
FRAME = "websocket.receive"
CLOSE_FLOOD = 4008
GIVE_UP = 2.0  # seconds the application has to close a cut socket before the protocol does


class Bucket:
    """Frames a socket may still send now: `size` at most, refilled at `size / seconds`."""

    __slots__ = ("cut", "last", "tokens")

    def __init__(self, size: float) -> None:
        self.tokens, self.last, self.cut = size, time.monotonic(), False

    def take(self, size: float, seconds: float) -> bool:
        now = time.monotonic()
        self.tokens = min(size, self.tokens + (now - self.last) * size / seconds)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def install(rate: Callable[[], tuple[int, float]]) -> None:
    """Guard Daphne's WebSocket protocol: `rate()` gives the consumers' (frames, seconds)."""
    if getattr(WebSocketProtocol.onMessage, "guarded", False):
        return
    on_message = WebSocketProtocol.onMessage
    on_ping = WebSocketProtocol.onPing

    def passes(protocol: Any) -> bool:
        """Whether the frame that just arrived on `protocol` may go on; cuts it if not."""
        frames, seconds = rate()
        bucket = protocol.__dict__.get("_whist_bucket")
        if bucket is None:
            bucket = protocol._whist_bucket = Bucket(2 * frames)
        if bucket.cut:
            return False
        if bucket.take(2 * frames, seconds):
            return True
        bucket.cut = True
        cut(protocol)
        return False

    def guarded_message(self: Any, payload: bytes, isBinary: bool) -> None:  # noqa: N803
        if passes(self):
            on_message(self, payload, isBinary)

    def guarded_ping(self: Any, payload: bytes) -> None:
        if passes(self):
            on_ping(self, payload)

    guarded_message.guarded = True  # type: ignore[attr-defined]
    WebSocketProtocol.onMessage = guarded_message
    WebSocketProtocol.onPing = guarded_ping


def cut(protocol: Any) -> None:
    """Stop reading `protocol`'s socket, drop what it sent and was not parsed yet, tell its
    application, and close it in GIVE_UP seconds if the application has not."""
    from twisted.internet import reactor

    protocol.data = b""  # autobahn parses what is left of its buffer after this frame
    transport = getattr(protocol, "transport", None)
    if transport is not None:
        transport.pauseProducing()
    queue = getattr(protocol, "application_queue", None)
    if queue is not None and not protocol.muted and protocol.state == protocol.STATE_OPEN:
        drop_frames(queue)
        queue.put_nowait({"type": FLOOD})
    # Twisted's IReactorTime declares callLater without self: its stub reads delay as self.
    reactor.callLater(GIVE_UP, close, protocol)  # type: ignore[arg-type]


def drop_frames(queue: Any) -> int:
    """Drop the frames `queue` holds for its application (not its connect or disconnect, nor
    the channel layer's messages in a socket's inbox: whistsite/patches/daphne_inbox.py); how
    many. An Inbox keeps its items in the deque `items`, asyncio.Queue in `_queue`."""
    pending = (queue.items or []) if isinstance(queue, Inbox) else queue._queue
    kept = [m for m in pending if not (isinstance(m, dict) and m.get("type") == FRAME)]
    dropped = len(pending) - len(kept)
    pending.clear()
    pending.extend(kept)
    return dropped


def close(protocol: Any) -> None:
    if protocol.state == protocol.STATE_OPEN:
        protocol.sendClose(code=CLOSE_FLOOD)
