"""A request body over WHIST_MAX_BODY is refused with 413 before it is read whole.

Two guards, so that a proxy configured without `client_max_body_size` is not the only one:

- `BodyLimit`, an ASGI middleware around the HTTP app: a declared Content-Length over the
  limit is refused before the app runs; an undeclared (chunked) body is counted as the app
  reads it, and once over the limit the app is told the client went away (Django then
  stops reading and answers nothing) and the client gets the 413.
- `limit_daphne_bodies`: Daphne hands the app nothing until it has the whole body, and then
  queues all of it in memory at once (a 200 MB upload took its process from 125 MiB to
  2.5 GiB). So Daphne's request is refused as the body arrives: by the declared
  length when the headers end, else by the bytes received; the rest is read and dropped
  (a lingering close, so that the client sees the 413) until the client stops or
  LINGER_SECONDS pass.
"""

from __future__ import annotations

import logging
from typing import Any

LINGER_SECONDS = 5.0
log = logging.getLogger("whistsite.body_limit")


def refusal_text(limit: int) -> bytes:
    return f"Request body too large: at most {limit} bytes are accepted.\n".encode()


def declared_length(headers: list[tuple[bytes, bytes]]) -> int | None:
    """The Content-Length of ASGI headers (None if absent or unreadable)."""
    for name, value in headers:
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimit:
    """ASGI middleware: HTTP requests whose body exceeds `limit` bytes get 413."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = declared_length(scope.get("headers") or [])
        if length is not None and length > self.limit:
            await self.refuse(send, scope)
            return
        state = {"read": 0, "over": False, "started": False}

        async def counted_receive() -> dict:
            if state["over"]:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                if state["read"] > self.limit:
                    state["over"] = True
                    return {"type": "http.disconnect"}
            return message

        async def tracked_send(message: dict) -> None:
            if state["over"] and not state["started"]:
                return  # the 413 below answers; nothing of the app's goes out
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        await self.app(scope, counted_receive, tracked_send)
        if state["over"] and not state["started"]:
            await self.refuse(send, scope)

    async def refuse(self, send: Any, scope: dict) -> None:
        log.warning("413: a request body over %s bytes refused (%s %s)", self.limit,
                    scope.get("method"), str(scope.get("path"))[:200])  # fmt: skip
        body = refusal_text(self.limit)
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


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
        reactor.callLater(LINGER_SECONDS, transport.abortConnection)

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
