"""autobahn's debug lines about each frame: their arguments styled only when a line is written.

autobahn logs every frame it sends (`WebSocketProtocol.sendData`) and every read of a socket
(`WebSocketAdapterProtocol.dataReceived`) at debug level, and builds each line's arguments
first: the method's name and the values styled for a terminal (autobahn.util's `hltype` and
`hlval`, five click.style calls a frame), whether the line is written or not; with debug off,
as on a server, it never is. That was 5% of a loaded Daphne's event loop thread
(docs/benchmarks.md, 2026-12-06 sixth session, the socket side). Here the two modules'
`hltype` and `hlval` give the logger an argument that is styled when it is formatted: a line
that is written says what it said. `install()` is idempotent; whistsite/asgi.py calls it.
Relies on (`PINNED`): the two functions, and their per-frame callers using them as a log
call's keyword arguments (formatted with `format`; every use in both modules is one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autobahn import util
from autobahn.twisted import websocket as twisted_websocket
from autobahn.websocket import protocol

PINNED = {
    ("autobahn.util", "hltype"): "e4336c90f769a71c",
    ("autobahn.util", "hlval"): "63b35930a3a155ea",
    ("autobahn.websocket.protocol", "WebSocketProtocol.sendData"): "eda3296873288142",
    ("autobahn.twisted.websocket", "WebSocketAdapterProtocol.dataReceived"): "0d8e71b3061cc214",
}


class Styled:
    """`style(*args)`, made when formatted."""

    __slots__ = ("args", "style")

    def __init__(self, style: Callable[..., str], *args: Any) -> None:
        self.style, self.args = style, args

    def __str__(self) -> str:
        return self.style(*self.args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return repr(str(self))

    def __add__(self, other: str) -> str:  # as the text it stands for, should autobahn add it
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)


def hltype(obj: Any) -> Styled:
    return Styled(util.hltype, obj)


def hlval(val: Any, color: str = "white", bold: bool = True) -> Styled:
    return Styled(util.hlval, val, color, bold)


def install() -> None:
    for module in (protocol, twisted_websocket):
        module.hltype, module.hlval = hltype, hlval  # type: ignore[attr-defined]
