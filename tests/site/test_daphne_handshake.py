"""An open socket's protocol keeps nothing of its handshake but its path, nor the HTTP connection
it was upgraded from (whistsite/patches/daphne_handshake.py): Daphne's own onOpen and onClose,
on a protocol in the state autobahn's server handshake and Daphne's onConnect leave it in."""

from __future__ import annotations

from typing import Any

from autobahn.websocket.types import ConnectionRequest
from daphne.ws_protocol import WebSocketProtocol
from twisted.internet.testing import StringTransport
from twisted.web.http import HTTPChannel

from whistsite.patches import daphne_handshake
from whistsite.patches.channel_layer import Inbox

HEADERS = {"host": "site", "origin": "http://site", "cookie": "sessionid=" + "k" * 32}


class Server:
    """What Daphne's protocol calls of its server while a socket opens and closes."""

    def __init__(self) -> None:
        self.logged: list[tuple[str, dict[str, Any]]] = []
        self.gone: list[Any] = []

    def log_action(self, kind: str, action: str, details: dict[str, Any]) -> None:
        self.logged.append((action, details))

    def protocol_disconnected(self, protocol: Any) -> None:
        self.gone.append(protocol)


def handshaken() -> WebSocketProtocol:
    """A protocol as a finished handshake leaves it, before its onOpen."""
    daphne_handshake.install()
    protocol = WebSocketProtocol()
    protocol.server, protocol.client_addr = Server(), ["127.0.0.1", 5000]
    protocol.request = ConnectionRequest(
        "tcp:127.0.0.1:5000", dict(HEADERS), "site", "/ws/lobby/", {"pool": ["1"]}, 13,
        "http://site", [], [],
    )  # fmt: skip
    protocol.clean_headers = [(k.encode(), v.encode()) for k, v in HEADERS.items()]
    protocol.application_deferred = object()
    protocol.http_request_data = b"GET /ws/lobby/?pool=1 HTTP/1.1\r\n\r\n"
    protocol.http_headers = dict(HEADERS)
    protocol.http_status_line = "GET /ws/lobby/?pool=1 HTTP/1.1"
    protocol.http_request_uri = "/ws/lobby/?pool=1"
    protocol.http_request_params = {"pool": ["1"]}
    protocol.http_response_data = b"HTTP/1.1 101 Switching Protocols\r\n\r\n"
    # The HTTP connection it was upgraded from registered itself as the transport's producer.
    protocol.transport = StringTransport()
    protocol.transport.registerProducer(HTTPChannel(), True)
    return protocol


def test_an_open_socket_keeps_nothing_of_its_handshake_but_its_path() -> None:
    protocol = handshaken()
    protocol.onOpen()
    assert [n for n in daphne_handshake.HANDSHAKE if n in protocol.__dict__] == []
    assert isinstance(protocol.request, daphne_handshake.Opened)
    assert protocol.request.path == "/ws/lobby/"
    assert protocol.server.logged == [
        ("connected", {"path": "/ws/lobby/", "client": "127.0.0.1:5000"})
    ]


def test_an_open_socket_keeps_nothing_of_the_http_connection_it_was_upgraded_from() -> None:
    protocol = handshaken()
    protocol.onOpen()
    assert protocol.transport.producer is None


def test_a_socket_closing_after_it_opened_is_logged_with_its_path() -> None:
    protocol = handshaken()
    protocol.application_queue = Inbox()
    protocol.onOpen()
    protocol.onClose(True, 1000, "")
    assert protocol.server.gone == [protocol]
    assert protocol.server.logged[-1] == (
        "disconnected",
        {"path": "/ws/lobby/", "client": "127.0.0.1:5000"},
    )
    assert list(protocol.application_queue.items) == [{"type": "websocket.disconnect",
                                                       "code": 1000}]  # fmt: skip
