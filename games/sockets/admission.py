"""A socket's admission and its user's lifetime on it, for the consumers' base
(games/sockets/frames.py JsonFrames): each socket counted against its address's and its
user's limits, refused while the user is banned, its heartbeat, and closed when its user is
revoked."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, NamedTuple

from django.utils import translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from accounts.selectors import ban_active, ban_text
from games import signals
from games.sockets import heartbeats, limits, shutdown
from games.sockets.languages import scope_language
from games.sockets.threads import counts, db_call
from runtime import log_context

log = logging.getLogger(__name__)
UNREAD = object()  # not read yet
CLOSE_REVOKED = 4401
# Too many sockets of one user; "open again" (a password change: the session may be gone).
CLOSE_TOO_MANY, CLOSE_RECONNECT = 4429, 4000


class Admission:
    """The admission half of JsonFrames (attributes and `error`, `close` are its)."""

    scope: dict
    channel_name: str
    user_id: int | None
    beats: bool
    beating: bool
    counted: bool
    address: str | None
    address_counted: bool
    language: str | None

    if TYPE_CHECKING:  # JsonFrames's

        async def error(self, code: str, message: str) -> None: ...

        async def close(
            self, code: int | bool | None = None, reason: str | None = None
        ) -> None: ...

        async def send_json(self, content: Any, close: bool = False) -> None: ...

    async def _admit_user(self, ban: Any = UNREAD) -> bool:
        """Every socket counts against its address's limit; a logged-in user's also against
        theirs, and is refused while they are banned (closed with the reason; `ban`: as
        accounts.selectors.ban_active read it, if the caller read it). False if it was
        closed."""
        client = self.scope.get("client") or [None]
        self.address = client[0]
        if self.user_id is not None:
            log_context.bind(user=log_context.user_hash(self.user_id))
            if ban is UNREAD:
                ban = await db_call(ban_active)(self.scope["user"])
            if ban is not None:
                with translation.override(scope_language(self.scope)):
                    await self.error("banned", ban_text(ban))
                await self.close(CLOSE_REVOKED)
                return False
        # Each count is one atomic step in Redis (games/sockets/limits.py); all of them in one
        # visit to the thread pool (a restart opens every socket at once).
        counted = await counts(_count)(self.address, self.user_id, self.channel_name)
        self.address_counted, self.counted = counted.address, counted.user
        if counted.refused:
            await self._too_many()
            return False
        if self.counted and self.beats:
            self._start_beat()
        return True

    async def _too_many(self) -> None:
        with translation.override(scope_language(self.scope)):
            await self.error("too_many_sockets", _("too many open connections: close a "
                                                   "tab or two"))  # fmt: skip
        await self.close(CLOSE_TOO_MANY)

    def _start_beat(self) -> None:
        if not self.beating:
            self.beating = True
            heartbeats.start(self)

    def _stop_beat(self) -> None:
        heartbeats.stop(self)

    async def beat(self) -> None:
        """Every WHIST_PRESENCE_BEAT seconds while open, for a consumer that `beats` (a
        logged-in player's table socket: its presence in the database). The socket counts
        need no beat: their process's key stands for them (games/sockets/limits.py)."""

    async def _release(self) -> None:
        """On disconnect: the heartbeat stops and the socket no longer counts (while the
        server stops, its process key goes instead: games/sockets/shutdown.py)."""
        self._stop_beat()
        if shutdown.stopping():
            return
        if self.address_counted:
            await counts(limits.address_close)(self.address, self.channel_name)
        if self.counted:
            await counts(limits.socket_close)(self.user_id, self.channel_name)

    async def user_notice(self, event: dict[str, Any]) -> None:
        """A message for this socket's user from an app above the card room (social's
        notifications, docs/protocol.md §"Notifications"): sent as it comes, its `texts` (one
        per language) as the `text` in this socket's language."""
        message = dict(event["message"])
        texts = message.pop("texts", None)
        if isinstance(texts, dict):
            message["text"] = texts.get(scope_language(self.scope)) or texts.get("en", "")
        await self.send_json(message)

    async def user_revoke(self, event: dict[str, Any]) -> None:
        """Logout, ban, new password (docs/stack-notes.md §2.14): close the user's socket; a banned
        player is told why; after a password change the page opens the socket again, which
        only the session that made the change may still use."""
        reason = event.get("reason")
        if reason == "password":
            await self.close(CLOSE_RECONNECT)
            return
        ban = event.get("ban")
        if reason == "banned" and ban:
            until = parse_datetime(ban["until"]) if ban.get("until") else None
            language = self.language or scope_language(self.scope)
            with translation.override(language):
                await self.error("banned", ban_text({"reason": ban["reason"], "until": until}))
        await self.close(CLOSE_REVOKED)


class Counted(NamedTuple):
    """What `_count` did: whether the socket counts for its address, for its user, and
    whether it was refused (too many of one or the other)."""

    address: bool
    user: bool
    refused: bool


def _count(address: str | None, user_id: int | None, channel: str) -> Counted:
    """Socket `channel` counted against its address's limit, then its user's (None: not
    logged in); its user's friends may hear that they came online (games.signals.came_online)
    if it is their only socket."""
    if address is not None and not limits.address_open(address, channel):
        return Counted(False, False, True)
    by_address = address is not None
    if user_id is None:
        return Counted(by_address, False, False)
    was_online = user_id in limits.online([user_id])
    if not limits.socket_open(user_id, channel):
        return Counted(by_address, False, True)
    if not was_online:
        _came_online(user_id)
    return Counted(by_address, True, False)


def _came_online(user_id: int) -> None:
    for receiver, result in signals.came_online.send_robust(sender=Admission, user_id=user_id):
        if isinstance(result, Exception):  # a socket opens whatever its listeners meet
            log.warning("came_online receiver %s failed: %r", receiver, result)
