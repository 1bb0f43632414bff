"""A socket's user, as channels' AuthMiddleware reads it, but on PostgreSQL the session and
user are read in any thread of a pool (games.sockets.socket_user gives its `db_call`, the
sockets' database threads), not in the one shared thread: in a reconnect wave hundreds of
handshakes queued there, each behind the others' reads, until autobahn's handshake timeout
dropped them (bench/load_reconnect.py). Called once at a socket's connect
(whistsite/socket_entry.py), not as a middleware that stays in the socket's call chain while
it is open.

It calls the function under channels' `get_user` (`.func`, which `database_sync_to_async`
keeps) and fills the scope's lazy user as channels' own `resolve_scope` does (`_wrapped`);
both are checked when this module is imported.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from channels.auth import UserLazyObject, get_user
from django.utils.functional import LazyObject

type Hop = Callable[[Callable[..., Any]], Callable[..., Awaitable[Any]]]

PINNED = {
    ("channels.auth", "get_user"): "1cacf457a63a088f",
    ("channels.auth", "AuthMiddleware.resolve_scope"): "925d8b771467e8da",
    ("channels.auth", "AuthMiddleware.populate_scope"): "2ef97674446c4f74",
}

if not callable(getattr(get_user, "func", None)) or not issubclass(UserLazyObject, LazyObject):
    raise RuntimeError(
        "channels.auth.get_user has no .func, or its UserLazyObject is no LazyObject, any "
        "more: re-read channels' auth.py and whistsite/patches/channels_auth.py"
    )


async def resolve_user(scope: dict, hop: Hop) -> None:
    """Put the user of the session in `scope["session"]` in `scope["user"]`, as channels'
    AuthMiddleware does, read through `hop` (a function's coroutine function: the sockets'
    `db_call`)."""
    if "user" not in scope:
        scope["user"] = UserLazyObject()
    scope["user"]._wrapped = await hop(get_user.func)(scope)
