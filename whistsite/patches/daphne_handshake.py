"""What Daphne, autobahn and Twisted keep of a WebSocket's handshake, dropped once it is open.

autobahn keeps the handshake as it came (`http_request_data`), its parsed headers
(`http_headers`), status line, URI and query parameters, and the response it sent; Daphne keeps
autobahn's ConnectionRequest (`request`: the headers again, the parameters, the origin), its
own header list (`clean_headers`, the application's `headers`) and the Deferred that made the
application. And the HTTP connection the socket was upgraded from stays its transport's
producer (Twisted's HTTPChannel registers itself), and with it the HTTP request (its headers,
its body's buffer): while that request is being handled, which it is until the socket closes,
the channel's pauseProducing pauses nothing, so it does nothing for the socket.

Nothing reads any of it once the socket is open but the request's path, which Daphne names in
its log lines; all of it stayed for as long as the socket did (docs/benchmarks.md, memory per
open socket). After Daphne's `onOpen` only the path is kept, the HTTP connection is no longer
the transport's producer, and the protocol's attributes are copied into a dictionary of
their size: autobahn sets some ninety while a socket opens, and a dictionary keeps the room
it grew to.

`install()` is idempotent; whistsite/asgi.py calls it. Relies on (`PINNED`): what autobahn's
server handshake and Daphne's onConnect set on the protocol, Daphne reading nothing of them
after onOpen but `request.path`, and Twisted's HTTPChannel registering itself as its
transport's producer, pausing nothing while it handles a request.
"""

from __future__ import annotations

from typing import Any

from daphne.ws_protocol import WebSocketProtocol
from twisted.web.http import HTTPChannel

PINNED = {
    ("daphne.ws_protocol", "WebSocketProtocol.onConnect"): "f1190b99bb56cab4",
    ("daphne.ws_protocol", "WebSocketProtocol.onOpen"): "1020dbac198c7be5",
    ("daphne.ws_protocol", "WebSocketProtocol.onClose"): "649590f8cd3a31ef",
    ("daphne.ws_protocol", "WebSocketProtocol.serverReject"): "2092450457ad6f97",
    ("autobahn.websocket.protocol", "WebSocketServerProtocol.processHandshake"): "88002623ec507d1b",
    ("autobahn.websocket.protocol", "WebSocketServerProtocol.succeedHandshake"): "f77f8e723fa90e87",
    ("twisted.web.http", "HTTPChannel.connectionMade"): "ccd66d383ede3e42",
    ("twisted.web.http", "HTTPChannel.pauseProducing"): "01bbe2908cd2b12e",
}
# The protocol's attributes that hold only the handshake.
HANDSHAKE = (
    "clean_headers", "application_deferred", "http_request_data", "http_headers",
    "http_status_line", "http_request_uri", "http_request_params", "http_response_data",
)  # fmt: skip


class Opened:
    """What Daphne reads of an open socket's request: its path."""

    __slots__ = ("path",)

    def __init__(self, path: str) -> None:
        self.path = path


def install() -> None:
    if getattr(WebSocketProtocol.onOpen, "forgets", False):
        return
    on_open = WebSocketProtocol.onOpen

    def opened(self: Any) -> None:
        on_open(self)
        forget_handshake(self)

    opened.forgets = True  # type: ignore[attr-defined]
    WebSocketProtocol.onOpen = opened


def forget_handshake(protocol: Any) -> None:
    """Drop what `protocol` holds of its handshake but its request's path."""
    request = protocol.__dict__.get("request")
    if request is not None and not isinstance(request, Opened):
        protocol.request = Opened(request.path)
    for name in HANDSHAKE:
        protocol.__dict__.pop(name, None)
    protocol.__dict__ = dict(protocol.__dict__)  # the room of what is left, not of the most
    transport = protocol.__dict__.get("transport")
    if isinstance(getattr(transport, "producer", None), HTTPChannel):
        transport.unregisterProducer()  # the HTTP connection and its request go
