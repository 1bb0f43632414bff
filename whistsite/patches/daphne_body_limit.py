"""Daphne refuses a request body over WHIST_MAX_BODY as it arrives (whistsite/body_limit.py
is the app's own guard behind it).

Daphne hands the app nothing until it has the whole body, and then queues all of it in
memory at once (a 200 MB upload took its process from 125 MiB to 2.5 GiB). So Daphne's
request (Twisted's `Request` methods on `daphne.http_protocol.WebRequest`) is refused as the
body arrives: by the declared length when the headers end, else by the bytes received; the
rest is read and dropped (a lingering close, so that the client sees the 413) until the
client stops or LINGER_SECONDS pass.
"""

from __future__ import annotations

import logging
from typing import Any

LINGER_SECONDS = 5.0
log = logging.getLogger("whistsite.body_limit")
PINNED = {
    ("twisted.web.http", "Request.gotLength"): "0fa22c17856a221c",
    ("twisted.web.http", "Request.handleContentChunk"): "7231aa98dddfd6b0",
    ("daphne.http_protocol", "WebRequest.process"): "b22deb6530a58273",
}


def refusal_text(limit: int) -> bytes:
    return f"Request body too large: at most {limit} bytes are accepted.\n".encode()


def limit_daphne_bodies(limit: int) -> None:
    """Make Daphne refuse request bodies over `limit` bytes as they arrive (idempotent)."""
    from daphne.http_protocol import WebRequest

    if getattr(WebRequest, "whist_body_limit", None) is not None:
        WebRequest.whist_body_limit = limit
        return
    got_length, handle_chunk, process = (
        WebRequest.gotLength, WebRequest.handleContentChunk, WebRequest.process,
    )  # fmt: skip

    def refuse(self: Any) -> None:
        from twisted.internet import reactor  # Daphne's, installed by then

        self.whist_refused = True
        command = getattr(self.channel, "_command", b"?")  # set before the body is read
        path = getattr(self.channel, "_path", b"?")[:200]
        log.warning(
            "413: a request body over %s bytes refused (%s %s)", self.whist_body_limit,
            command.decode("latin-1"), path.decode("latin-1"),
        )  # fmt: skip
        body = refusal_text(self.whist_body_limit)
        transport = self.channel.transport
        transport.write(
            b"HTTP/1.1 413 Content Too Large\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body)
        )
        if hasattr(transport, "loseWriteConnection"):
            transport.loseWriteConnection()  # the response, then FIN; the rest is dropped
        # Twisted's IReactorTime declares callLater without self (its stub reads delay as self).
        reactor.callLater(LINGER_SECONDS, transport.abortConnection)  # type: ignore[arg-type]

    def gotLength(self: Any, length: int | None) -> None:
        self.whist_read = 0
        self.whist_refused = False
        if length is not None and length > self.whist_body_limit:
            got_length(self, 0)  # no buffer for a body that will be dropped
            # No "100 Continue" after the 413: the client need not send the body at all.
            self.requestHeaders.removeHeader(b"Expect")
            refuse(self)
            return
        got_length(self, length)

    def handleContentChunk(self: Any, data: bytes) -> None:
        if getattr(self, "whist_refused", False):
            return
        self.whist_read = getattr(self, "whist_read", 0) + len(data)
        if self.whist_read > self.whist_body_limit:
            refuse(self)
            return
        handle_chunk(self, data)

    def whist_process(self: Any) -> Any:
        if getattr(self, "whist_refused", False):
            return None
        return process(self)

    WebRequest.whist_body_limit = limit
    WebRequest.gotLength = gotLength
    WebRequest.handleContentChunk = handleContentChunk
    WebRequest.process = whist_process
