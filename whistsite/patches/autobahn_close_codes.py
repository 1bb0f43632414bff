"""A client's close frame with a code RFC 6455 forbids is answered with 1002 (protocol error)
and a clean close, not a TCP reset.

Autobahn fails such a connection by sending its own close frame (1002) and then takes the
client's frame for the reply to it: a server that has its reply drops the TCP connection at
once, with an abort, so the 1002 it has just written never leaves and the client sees a
reset. Here, on Daphne's protocol, the same check comes first: the 1002 goes, and the
connection is closed after it is written. Relies on autobahn's onCloseFrame and its list of
allowed codes (`PINNED`). `install()` is idempotent.
"""

from __future__ import annotations

from typing import Any

from autobahn.websocket.protocol import WebSocketProtocol as Autobahn
from daphne.ws_protocol import WebSocketProtocol

PINNED = {("autobahn.websocket.protocol", "WebSocketProtocol.onCloseFrame"): "0f8b5e3f10f86298"}
PROTOCOL_ERROR = Autobahn.CLOSE_STATUS_CODE_PROTOCOL_ERROR


def forbidden(code: int | None) -> bool:
    """Whether a close frame's `code` is one RFC 6455 forbids on the wire (autobahn's test)."""
    if code is None:
        return False
    return (
        code < 1000
        or code >= 5000
        or (code <= 2999 and code not in Autobahn.CLOSE_STATUS_CODES_ALLOWED)
    )


def install() -> None:
    on_close_frame = WebSocketProtocol.onCloseFrame
    if getattr(on_close_frame, "answers_1002", False):
        return

    def close_frame(self: Any, code: int | None, reasonRaw: bytes | None) -> bool | None:  # noqa: N803
        if not forbidden(code) or self.state != self.STATE_OPEN:
            return on_close_frame(self, code, reasonRaw)
        self.sendCloseFrame(code=PROTOCOL_ERROR, reasonUtf8=b"invalid close code")
        self.wasClean = False
        self.dropConnection(abort=False)  # after the close frame is written
        return True  # nothing more of this connection is read

    close_frame.answers_1002 = True  # type: ignore[attr-defined]
    WebSocketProtocol.onCloseFrame = close_frame
