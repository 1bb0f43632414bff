"""What a WebSocket passes before its consumer, in one step as it connects.

In order: a server that is stopping refuses it with 4012 (games/sockets/shutdown.py); an
address cooling down after a flood is held, then refused with 4008 (games/sockets/floods.py);
a page of another origin is refused with HTTP 403 (whistsite/websocket_origin.py). Then its
scope gets what channels' CookieMiddleware and SessionMiddleware would give it (the cookies,
the session, read when used) and its route's `url_route` as channels' URLRouter gives it; and
its consumer runs. The user is not read here: the consumer answers the handshake first and
then reads it (games/sockets/socket_user.py: the session and the user, in the pool, as
channels' AuthMiddleware would, and the second factor's check). Read here, before the
handshake was answered, the read waited in the pool behind every other socket's opening in a
connect storm, past Daphne's connect timeout.

Each of those was an ASGI middleware of its own, and every one of them stayed suspended in
the socket's call chain for as long as it was open, with its own copy of the scope: fifteen
coroutines and five scope dicts per socket (docs/benchmarks.md, memory per open socket).
Here they are calls made once; the socket's chain is this coroutine and its consumer's.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from channels.auth import UserLazyObject
from django.conf import settings
from django.http import parse_cookie
from django.urls import Resolver404
from django.utils.functional import LazyObject

from games.sockets import floods, shutdown
from whistsite import websocket_origin

KEPT_HEADERS = {b"accept-language"}


class SocketEntry:
    """The ASGI application of every WebSocket: its checks, its scope, then its consumer
    (`routes`: path() and re_path() entries whose views are consumers' `as_asgi()`)."""

    def __init__(self, routes: list[Any]) -> None:
        self.routes = routes

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if await shutdown.refused_while_stopping(receive, send):
            return
        if await floods.refused_while_cooling(scope, receive, send):
            return
        if not websocket_origin.allowed(scope):
            await websocket_origin.refuse(receive, send)
            return
        consumer = self.route(scope)  # the scope is Daphne's own: filled in, not copied
        scope["cookies"] = cookies(scope)
        # Of the headers, an open socket reads only its language's (games/sockets/languages.py).
        scope["headers"] = [(k, v) for k, v in scope.get("headers") or () if k in KEPT_HEADERS]
        scope["session"] = session(scope["cookies"])
        scope["user"] = UserLazyObject()  # read once the handshake is answered
        await consumer(scope, receive, send)

    def route(self, scope: dict) -> Any:
        """The consumer of the first route matching the scope's path, made; the scope gets
        the route's `path_remaining` and `url_route` (as channels' URLRouter gives them)."""
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and not path.startswith(root):
            raise ValueError(f"No route found for path {path!r}.")
        path = path[len(root) :].lstrip("/")
        for route in self.routes:
            try:
                match = route.pattern.match(path)
            except Resolver404:
                continue
            if match:
                remaining, args, kwargs = match
                scope["path_remaining"] = remaining
                scope["url_route"] = {"args": args, "kwargs": {**kwargs, **route.default_args}}
                app = route.callback  # a consumer's as_asgi(): the consumer, made here
                return app.consumer_class(**app.consumer_initkwargs)
        raise ValueError(f"No route found for path {path!r}.")


def cookies(scope: dict) -> dict[str, str]:
    """The handshake's cookies, as channels' CookieMiddleware reads them."""
    for name, value in scope.get("headers") or ():
        if name == b"cookie":
            return parse_cookie(value.decode("latin1"))
    return {}


def session(cookies: dict[str, str]) -> LazyObject:
    """The handshake's session, as channels' SessionMiddleware gives it (read when used)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    found = LazyObject()
    found._wrapped = store(cookies.get(settings.SESSION_COOKIE_NAME))
    return found
