"""A WebSocket's protocol reads its factory's options from its class, not from copies of its own.

As a connection is made autobahn copies each of its 29 protocol options (frame sizes, pings,
timeouts, origins, ...) from the factory onto the new protocol, unless the protocol's class
has the option already; every open socket held them in its own attributes, some 30 more
entries in a dictionary already near a hundred (docs/benchmarks.md, memory per open socket).
Daphne sets a server's options once, on its one factory, before it listens. Here each time a
factory's options are set its protocols become a class of their own that holds them, so no
protocol copies them: they read the same values.

`install()` is idempotent; whistsite/asgi.py calls it. Relies on (`PINNED`): autobahn's
_connectionMade copying an option only where the protocol has none, and Daphne's factory
making its protocols from its `protocol` class.
"""

from __future__ import annotations

from inspect import isfunction
from typing import Any

from autobahn.websocket.protocol import WebSocketServerProtocol
from daphne.ws_protocol import WebSocketFactory

AUTOBAHN = "autobahn.websocket.protocol"
PINNED = {
    (AUTOBAHN, "WebSocketProtocol._connectionMade"): "a9a04a1d40682a16",
    (AUTOBAHN, "WebSocketServerFactory.setProtocolOptions"): "d59ecab5b61f7929",
    ("daphne.ws_protocol", "WebSocketFactory.buildProtocol"): "d0fe63c58db80aeb",
}
OPTIONS = tuple(WebSocketServerProtocol.CONFIG_ATTRS)


def install() -> None:
    set_options = WebSocketFactory.setProtocolOptions
    if getattr(set_options, "on_the_class", False):
        return

    def configured(self: Any, *args: Any, **kwargs: Any) -> None:
        set_options(self, *args, **kwargs)
        base = self.protocol.__dict__.get("options_of", self.protocol)
        options = {name: as_option(getattr(self, name)) for name in OPTIONS}
        self.protocol = type(base.__name__, (base,), {**options, "options_of": base})

    configured.on_the_class = True  # type: ignore[attr-defined]
    WebSocketFactory.setProtocolOptions = configured


def as_option(value: Any) -> Any:
    """`value` as a class attribute that reads as it was set: a function (the compression
    offer's accept) would otherwise become a method of the protocol."""
    return staticmethod(value) if isfunction(value) else value
