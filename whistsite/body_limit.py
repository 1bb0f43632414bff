"""A request body over WHIST_MAX_BODY is refused with 413 before it is read whole.

Two guards, so that a proxy configured without `client_max_body_size` is not the only one:

- `BodyLimit`, an ASGI middleware around the HTTP app: a declared Content-Length over the
  limit is refused before the app runs; an undeclared (chunked) body is counted as the app
  reads it, and once over the limit the app is told the client went away (Django then
  stops reading and answers nothing) and the client gets the 413.
- `limit_daphne_bodies` (whistsite/patches/daphne_body_limit.py): Daphne itself refuses
  the body as it arrives, before it would hold all of it in memory.
"""

from __future__ import annotations

import logging
from typing import Any

from whistsite.patches.daphne_body_limit import refusal_text

log = logging.getLogger("whistsite.body_limit")


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
