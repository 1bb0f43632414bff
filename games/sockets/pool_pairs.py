"""The lobby socket's messages about partners in the quick-play pool (docs/protocol.md, "Lobby
socket"): invite a player to wait as partners, accept or decline an invitation, and what a
socket is told meanwhile, in its language. A mixin of games.sockets.consumers.LobbyConsumer."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from django.utils import translation
from django.utils.translation import gettext as _

from games.reads import lobby
from games.reads.pool_pairs import pair_invitations, pair_wait
from games.services.errors import ServiceError
from games.services.pool_pairs import pool_pair_accept, pool_pair_decline, pool_pair_invite
from games.sockets import pool_messages
from games.sockets.threads import db_call

INVITE_FIELDS = pool_messages.JOIN_FIELDS | {"partner"}
ANSWER_FIELDS = {"type", "inviter"}


def parse_invite(content: dict[str, Any]) -> dict[str, Any]:
    """A `pool_pair_invite` frame (a `pool_join` frame and the partner's username) as
    pool_pair_invite's keyword arguments; ValueError naming a bad field."""
    partner = content.get("partner")
    if not isinstance(partner, str) or not partner.strip() or len(partner) > 150:
        raise ValueError("partner must be a player's username")
    wish = pool_messages.parse_join({k: v for k, v in content.items() if k != "partner"})
    return {**wish, "partner": partner}


def parse_answer(content: dict[str, Any]) -> int:
    """The inviter a `pool_pair_accept` or `pool_pair_decline` frame answers; ValueError."""
    extra = set(content) - ANSWER_FIELDS
    if extra:
        raise ValueError(f"{content.get('type')} has no field {sorted(extra)[0]}")
    inviter = content.get("inviter")
    if not isinstance(inviter, int) or isinstance(inviter, bool) or inviter < 1:
        raise ValueError("inviter must be the id of the player who invited you")
    return inviter


def invited_message(invitation: dict[str, Any]) -> dict[str, Any]:
    """`pool_pair_invited`: a player invites this socket's user to wait as partners (the
    socket's language is active)."""
    line = pool_messages.line_name(invitation["game"], invitation["players"], invitation["rated"])
    text = _("%(name)s invites you to play %(line)s as partners.") % {
        "name": invitation["name"], "line": line}  # fmt: skip
    return {"type": "pool_pair_invited", **invitation, "text": text}


def pair_waiting_message(entry: Any, partner: str) -> dict[str, Any]:
    """`pool_waiting` of a pair (`partner`: the partner's shown name), or `pool_pair_pending`
    while the invitation is open."""
    line = pool_messages.line_name(entry.line.game, entry.line.players, entry.line.rated)
    if entry.pending:
        text = _("Waiting for %(name)s to accept your invitation to play %(line)s as partners."
                 ) % {"name": partner, "line": line}  # fmt: skip
        return {"type": "pool_pair_pending", "partner": partner, "text": text}
    message = pool_messages.waiting_message(entry, {})
    message["partner"] = partner
    message["text"] = _("You and %(name)s wait as partners: %(line)s.") % {
        "name": partner, "line": line}  # fmt: skip
    return message


class PoolPairs:
    """Invite, accept, decline; the events that tell a lobby socket of a pair's changes."""

    user_id: int | None
    channel_name: str
    lang: str
    pooled: bool
    pool_view: bool
    scope: dict[str, Any]
    address: str | None
    matching: asyncio.Task[None]

    if TYPE_CHECKING:  # the consumer's, which this mixin precedes

        async def send_json(self, content: Any, close: bool = False) -> None: ...
        async def error(self, code: str, message: str) -> None: ...
        async def _match(self, line_id: int) -> None: ...

    async def on_pool_pair_invite(self, content: dict[str, Any]) -> None:
        """`{"type": "pool_pair_invite", "partner", "game", ...}` (the fields of pool_join):
        invite a player to wait with this socket's user as partners."""
        try:
            wish = parse_invite(content)
        except ValueError as exc:
            await self.error("bad_message", str(exc))
            return
        entry = await self._enter_pool(pool_pair_invite, **wish)
        if entry is not None:
            await self._send_pair_wait(entry.user_id)

    async def on_pool_pair_accept(self, content: dict[str, Any]) -> None:
        """`{"type": "pool_pair_accept", "inviter": id}`: wait with the inviter as partners."""
        try:
            inviter = parse_answer(content)
        except ValueError as exc:
            await self.error("bad_message", str(exc))
            return
        entry = await self._enter_pool(pool_pair_accept, inviter, match=False)
        if entry is None:
            return
        await self._send_pair_wait(entry.user_id)
        self.matching = asyncio.create_task(self._match(entry.line_id))

    async def on_pool_pair_decline(self, content: dict[str, Any]) -> None:
        """`{"type": "pool_pair_decline", "inviter": id}`: no, thank you."""
        try:
            inviter = parse_answer(content)
        except ValueError as exc:
            await self.error("bad_message", str(exc))
            return
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.error("login_required", _("log in to play with people"))
            return
        if not await db_call(pool_pair_decline)(user, inviter):
            await self.error("no_invitation", _("this invitation is no longer open"))

    async def _enter_pool(self, service: Any, *args: Any, **kwargs: Any) -> Any:
        """Run a pool service that puts this socket's user in the pool (alone, inviting a
        partner, accepting an invitation) from this socket: its entry, or None when the user
        is not logged in or the service refused (the error sent, the socket's `pooled` read
        again)."""
        if self.user_id is None:
            await self.error("login_required", _("log in to play with people"))
            return None
        self.pooled = True
        try:
            return await db_call(service)(
                self.scope["user"], self.channel_name, *args, **kwargs,
                **pool_messages.origin(self.scope, self.address),
            )  # fmt: skip
        except ServiceError as exc:
            self.pooled = await db_call(lobby.pool_waiting)(self.user_id, self.channel_name)
            await self.error(exc.code, exc.message)
            return None

    async def _send_pair_wait(self, user_id: int | None) -> None:
        found = await db_call(pair_wait)(user_id, self.channel_name)
        if found is not None:
            with translation.override(self.lang):
                await self.send_json(pair_waiting_message(*found))

    async def send_pair_invitations(self, inviter: int | None = None) -> None:
        """The invitations open to this socket's user (only `inviter`'s, if given)."""
        if self.user_id is None:
            return
        for invitation in await db_call(pair_invitations)(self.user_id, inviter):
            with translation.override(self.lang):
                await self.send_json(invited_message(invitation))

    async def pool_pair_invited(self, event: dict[str, Any]) -> None:
        """Someone invites this socket's user to wait as partners (a page that shows the
        pool only)."""
        if self.pool_view:
            await self.send_pair_invitations(event["inviter"])

    async def pool_pair_withdrawn(self, event: dict[str, Any]) -> None:
        """An invitation to this socket's user is no longer open."""
        if self.pool_view:
            await self.send_json({"type": "pool_pair_withdrawn", "inviter": event["inviter"]})

    async def pool_paired(self, event: dict[str, Any]) -> None:
        """This socket's invitation was accepted: the two wait as partners."""
        await self._send_pair_wait(self.user_id)
