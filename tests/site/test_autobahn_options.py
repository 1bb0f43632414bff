"""A socket's protocol reads its server's WebSocket options from its class, with none of its
own (whistsite/patches/autobahn_options.py): autobahn's own _connectionMade, on a protocol
of a factory configured as Daphne configures its one."""

from __future__ import annotations

from daphne.ws_protocol import WebSocketFactory, WebSocketProtocol
from twisted.internet.testing import StringTransport

from whistsite.patches import autobahn_options


def factory() -> WebSocketFactory:
    autobahn_options.install()
    made = WebSocketFactory(None, server="whist")
    made.setProtocolOptions(autoPingTimeout=30, allowNullOrigin=True, openHandshakeTimeout=0,
                            maxMessagePayloadSize=65536, maxFramePayloadSize=65536)  # fmt: skip
    return made


def test_a_protocol_holds_none_of_its_factorys_options_and_reads_them_all() -> None:
    made = factory()
    protocol = made.buildProtocol(("127.0.0.1", 5000))
    protocol.transport = StringTransport()
    protocol._connectionMade()
    assert isinstance(protocol, WebSocketProtocol)
    assert [n for n in autobahn_options.OPTIONS if n in protocol.__dict__] == []
    assert {n: getattr(protocol, n) for n in autobahn_options.OPTIONS} == {
        n: getattr(made, n) for n in autobahn_options.OPTIONS
    }
    assert (protocol.autoPingTimeout, protocol.maxMessagePayloadSize) == (30, 65536)
    # A function option stays a function, not a method of the protocol.
    assert protocol.perMessageCompressionAccept is made.perMessageCompressionAccept


def test_options_set_again_are_read_again() -> None:
    made = factory()
    made.setProtocolOptions(autoPingTimeout=12)
    protocol = made.buildProtocol(("127.0.0.1", 5000))
    assert protocol.autoPingTimeout == 12 and protocol.maxFramePayloadSize == 65536
    assert type(protocol).__mro__[1] is WebSocketProtocol  # one class per factory, not a chain
