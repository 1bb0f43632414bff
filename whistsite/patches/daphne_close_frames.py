"""Daphne's WebSocket options that its command line does not reach.

Autobahn, under Daphne, fails a connection that breaks a protocol limit by dropping it, with
no close frame: a message over `--websocket-max-message-size` reaches the page as 1006, the
same as a network failure. With `failByDrop` off it first sends the close code the limit
stands for (1009, "message too big"; docs/protocol.md), then closes.
"""

from __future__ import annotations

from typing import Any

from daphne.ws_protocol import WebSocketFactory

PINNED = {
    (
        "autobahn.websocket.protocol",
        "WebSocketServerFactory.resetProtocolOptions",
    ): "b10d37271d140190",
}  # wrapped on Daphne's WebSocketFactory


def install() -> None:
    """Make Daphne's WebSocket factories fail connections with a close frame (idempotent)."""
    reset = WebSocketFactory.resetProtocolOptions
    if getattr(reset, "close_frames", False):
        return

    def reset_protocol_options(self: Any) -> None:
        reset(self)
        self.failByDrop = False

    reset_protocol_options.close_frames = True  # type: ignore[attr-defined]
    WebSocketFactory.resetProtocolOptions = reset_protocol_options
