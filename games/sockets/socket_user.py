"""A socket's user, read once its handshake is answered (games/sockets/frames.py's
`websocket_connect`): whistsite/socket_entry.py gives the consumer's scope its cookies, its
session (read when used) and a user not read yet.

Read before the handshake was answered, as channels' AuthMiddleware reads it, the session and
user waited in the pool behind every other socket's opening in a connect storm, and Daphne
refused the handshakes still waiting at its connect timeout (5 s) with HTTP 403, or autobahn
dropped them (docs/benchmarks.md, "A handshake answered before the session read").
"""

from __future__ import annotations

from channels.auth import UserLazyObject
from django.utils.functional import empty

from accounts.staff_powers import second_factor_from_session
from games.sockets.threads import db_call
from whistsite.patches.channels_auth import resolve_user


async def read_user(scope: dict) -> None:
    """The user of the scope's session in `scope["user"]` (read by `db_call`: whistsite/patches/
    channels_auth.py), with the second factor's check (accounts.staff_powers). A scope whose
    user is read already (a test's, given a user) is left as it is."""
    user = scope.get("user")
    if not isinstance(user, UserLazyObject) or user._wrapped is not empty:
        return
    await resolve_user(scope, db_call)
    second_factor_from_session(scope)
