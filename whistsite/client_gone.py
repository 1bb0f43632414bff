"""Django hears that an HTTP client went away only once its response has started.

Django's ASGI handler cancels a request at the client's disconnect, to stop async views. The
site's views are sync: a cancel cannot stop the view's thread, and lands while the sync
middleware's thread is inside asgiref's async_to_sync. asgiref then copies that thread's
half-finished context (its CurrentThreadExecutor) into the request's task, and the request's
end, request_finished (which closes the request's database connection), dies with
"RuntimeError: CurrentThreadExecutor already quit or is broken". So the disconnect waits
until the view's response starts (Daphne drops what goes to a closed connection); a
streaming response is still stopped at once. A disconnect while the body is read goes
through at once: nothing has run yet."""

from __future__ import annotations

import asyncio
from typing import Any


class ClientGone:
    """ASGI middleware around Django's HTTP app."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = asyncio.Event()
        body_read = False

        async def held_receive() -> dict:
            nonlocal body_read
            message = await receive()
            if body_read and message["type"] == "http.disconnect":
                await started.wait()
            elif message["type"] == "http.request" and not message.get("more_body", False):
                body_read = True
            return message

        async def noted_send(message: dict) -> None:
            if message["type"] == "http.response.start":
                started.set()
            await send(message)

        await self.app(scope, held_receive, noted_send)
