"""WebSocket consumers: one per table socket and one per lobby socket (docs/protocol.md).

They only check shapes and forward to services and reads; every ORM call runs in a
worker thread (docs/stack-notes.md §2.8). Frames are decoded and checked by
`frames.JsonFrames`.
A move the socket can already see is refused (no seat, an old version, not the seat's
turn) is answered from what the socket holds, without the database or the row lock.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils.translation import gettext as _

from accounts.selectors import blocked_ids
from games import broadcast, services
from games.reads import lobby, messages
from games.sockets import beat_batch, lobby_lists, pool_messages, resync_limit, shutdown
from games.sockets.frames import (  # noqa: F401  (too_deep: re-exported for tests)
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    JsonFrames,
    too_deep,
)
from games.sockets.languages import scope_language
from games.sockets.pool_pairs import PoolPairs
from games.sockets.quick_refusal import quick_refusal
from games.sockets.table_opening import TableOpening, client_chat
from games.sockets.table_states import TableStates
from games.sockets.threads import db_call
from runtime import metrics

log = logging.getLogger(__name__)


class TableConsumer(TableOpening, TableStates, JsonFrames):
    """A player's or spectator's socket at one table (opened as games/sockets/table_opening.py
    says, its states sent as games/sockets/table_states.py says)."""

    beats = True  # a logged-in user's socket keeps its presence (games/services/presence.py)
    own_attributes = (
        *JsonFrames.own_attributes, "table_id", "user", "version", "game_version", "to_act",
        "resigned", "seat", "joined", "blocked", "_held", "_hold_timer", "listening",
    )  # fmt: skip

    handlers = {
        "act": "on_act", "chat": "on_chat", "resync": "on_resync", "back": "on_back",
        "claim_offer": "on_claim_offer", "claim_answer": "on_claim_answer",
        "takeback": "on_takeback", "takeback_answer": "on_takeback_answer",
        "hint": "on_hint", "ping": "on_ping",
    }  # fmt: skip

    async def beat(self) -> None:
        """A seated player's socket is still open (its presence row; the seat is not away)."""
        await beat_batch.beat(self.table_id, self.user, self.channel_name)

    async def disconnect(self, code: int) -> None:
        self._forget_held()
        self._unlisten()
        if shutdown.stopping():  # the process drops its presence rows in bulk instead
            await self._release()
            return
        for group in self.joined:
            await self.channel_layer.group_discard(group, self.channel_name)
        await self._release()
        if self.counted:
            await db_call(services.seat_disconnect)(self.table_id, self.channel_name)

    async def on_act(self, content: dict[str, Any]) -> None:
        version, action = content.get("version"), content.get("action")
        if not isinstance(version, int) or isinstance(version, bool):
            await self.error("bad_message", _("act needs the version of the state you saw"))
            return
        if not isinstance(action, dict):
            await self.error("bad_message", _("act needs an action object"))
            return
        refused = quick_refusal(self, version, action)
        if refused is not None:
            await self.error(refused.code, refused.message)
            return
        await self._call(services.move_play, self.table_id, action, version, user=self.user)

    async def on_claim_offer(self, content: dict[str, Any]) -> None:
        """docs/rules.md §0.7: offer a claim the solver cannot prove to the others."""
        await self._call(
            services.claim_offer, self.table_id, content.get("tricks"), content.get("version"),
            user=self.user,
        )  # fmt: skip

    async def on_claim_answer(self, content: dict[str, Any]) -> None:
        await self._call(
            services.claim_answer, self.table_id, content.get("accept"), user=self.user
        )

    async def on_takeback(self, content: dict[str, Any]) -> None:
        """docs/protocol.md §"Take-backs": ask to take back one's last card."""
        await self._call(services.takeback_ask, self.table_id, user=self.user)

    async def on_takeback_answer(self, content: dict[str, Any]) -> None:
        await self._call(
            services.takeback_answer, self.table_id, content.get("accept"), user=self.user
        )

    async def on_hint(self, content: dict[str, Any]) -> None:
        """docs/protocol.md §"Hints": the Expert's card for one's turn, answered to this socket."""
        try:
            hint = await db_call(services.hint_ask)(self.table_id, user=self.user)
        except services.ServiceError as exc:
            await self.error(exc.code, exc.message)
            return
        await self.send_json({"type": "hint", **hint})

    async def on_chat(self, content: dict[str, Any]) -> None:
        await self._call(
            services.chat_post, self.table_id, self.user, content.get("text"),
            self.scope.get("session"),
        )  # fmt: skip

    async def on_back(self, content: dict[str, Any]) -> None:
        """The player is back; the answer is the current state (also when nothing changed)."""
        if await self._call(services.seat_back, self.table_id, self.user):
            await self._resend(fresh=True)

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def on_resync(self, content: dict[str, Any]) -> None:
        """The page asks for the current state: answered from the state this process holds
        (games/sockets/state_cache.py), built from the database only if it holds none as new as what
        this socket had; resyncs have their own limit (games/sockets/resync_limit.py)."""
        if not resync_limit.allowed(self):
            await self.error("rate_limited", _("too many resyncs: slow down"))
            return
        await self._resend(at_least=self.version)

    async def _call(self, service: Any, *args: Any, **kwargs: Any) -> bool:
        """Run a service; a refusal becomes an error (the client asks for the state with
        `resync` if it wants it). Whether it ran. A move it makes is timed from here to its
        broadcast (runtime/metrics.py)."""
        started = metrics.act_started()
        try:
            await db_call(service)(*args, **kwargs)
        except services.ServiceError as exc:
            await self.error(exc.code, exc.message)
            return False
        finally:
            metrics.ACT_STARTED.reset(started)
        return True

    async def layer_reconnected(self, event: dict[str, Any]) -> None:
        """Redis came back: the state and the chat lines sent meanwhile were lost for this
        socket (whistsite/patches/channel_layer.py); the page skips lines it has already."""
        if self.accepted:
            await self._resend(fresh=True)
            await self._send_chat()

    async def chat_message(self, event: dict[str, Any]) -> None:
        shown = [m for m in event["messages"] if m.get("uid") not in self.blocked]
        if shown:
            await self.send_json({"type": "chat", "messages": client_chat(shown)})

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "chat_hidden", "ids": event["ids"]})

    async def user_blocks(self, event: dict[str, Any]) -> None:
        """The user's block list changed: newly blocked players' lines leave the page."""
        before = self.blocked
        self.blocked = await db_call(blocked_ids)(self.user)
        added = self.blocked - before
        if added:
            lines = await db_call(messages.chat_recent)(self.table_id)
            ids = [m["id"] for m in lines if m["uid"] in added]
            if ids:
                await self.send_json({"type": "chat_hidden", "ids": ids})

    async def table_awards(self, event: dict[str, Any]) -> None:
        """What the finished game brought this socket's user (rating, XP, level, unlocks),
        from rankings.services.awards.awards_deliver: docs/protocol.md."""
        awards = event["awards"].get(str(self.user_id))
        if awards is not None:
            await self.send_json(
                {"type": "awards", "table_id": event["table_id"], "awards": awards}
            )


class LobbyConsumer(PoolPairs, JsonFrames):
    """The lobby's live list of public tables: one page of those its filter picks, kept
    current by per-row changes (docs/protocol.md, "Lobby socket"; games/sockets/lobby_lists.py)."""

    handlers = {"resync": "on_resync", "list": "on_list", "ping": "on_ping",
                "pool_join": "on_pool_join", "pool_leave": "on_pool_leave",
                "pool_pair_invite": "on_pool_pair_invite",
                "pool_pair_accept": "on_pool_pair_accept",
                "pool_pair_decline": "on_pool_pair_decline"}  # fmt: skip
    pooled = False
    pool_view = False
    mine: str | None = None  # the `mine` message last built for this socket

    async def connect(self) -> None:
        # Accepted already, its user read (JsonFrames.websocket_connect).
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        self.view = lobby_lists.ListView()
        self.lang = scope_language(self.scope)
        # The user's groups before the ban is read (in `_admit_user`): a ban committed after
        # that read reaches this socket as a revoke, handled once this connect is done.
        if self.user_id is not None:
            self.user_groups = [broadcast.user_group(self.user_id, k) for k in (None, "lobby")]
            for group in self.user_groups:
                await self.channel_layer.group_add(group, self.channel_name)
        if not await self._admit_user():
            return
        self.admitted = True
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        await self._list({k: v[-1] for k, v in query.items()})
        await self._send_mine()
        # `pool=1`: the page shows the quick-play pool and wants its counts (the lobby page).
        self.pool_view = query.get("pool", [""])[-1] == "1"
        await self._send_pool_counts()
        if self.pool_view:
            await self.send_pair_invitations()

    async def disconnect(self, code: int) -> None:
        if self.pooled:  # leaving the page leaves the pool
            self.pooled = False
            await db_call(services.pool_leave)(self.user_id, self.channel_name)
        if shutdown.stopping():  # the process's subscriptions go with it
            await self._release()
            return
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)
        for group in getattr(self, "user_groups", ()):
            await self.channel_layer.group_discard(group, self.channel_name)
        await self._release()

    async def on_resync(self, content: dict[str, Any]) -> None:
        """`{"type": "resync", "version": v}`: a page that holds what this socket last sent
        is told `current` (nothing built); any other gets the list (built once per lobby
        version and shared) and its own tables."""
        if not resync_limit.allowed(self):
            await self.error("rate_limited", _("too many resyncs: slow down"))
            return
        if self.view.current(content.get("version")):
            await self.send_json({"type": "current", "version": self.view.sent})
            return
        await self._send_list()
        await self._send_mine(again=False)

    async def on_list(self, content: dict[str, Any]) -> None:
        """`{"type": "list", "game", "seats", "rated", "before"}`: another filter or page."""
        if not resync_limit.allowed(self):
            await self.error("rate_limited", _("too many resyncs: slow down"))
            return
        await self._list(content)

    async def _list(self, content: dict[str, Any]) -> None:
        try:
            flt = lobby.parse_filter(content)
            before = lobby.parse_before(content.get("before"))
        except lobby.FilterError as exc:
            await self.error("bad_message", str(exc))
            flt, before = self.view.filter, self.view.before
        self.view.filter, self.view.before = flt, before
        await self._send_list()

    async def _send_list(self) -> None:
        """The socket's page, in the process's turn for lobby lists (lobby_lists.answering):
        a burst of them (sockets asking on one beat, every socket after a Redis restart)
        is worked on a few at a time."""
        view = self.view
        async with lobby_lists.answering():
            page = await lobby_lists.list_page(view.filter, view.before, self.lang,
                                               self.user_id is not None)  # fmt: skip
            view.show(page)
            await self.send(text_data=page.text)

    async def _send_mine(self, again: bool = True) -> None:
        """The user's own tables (private ones too); `again=False`: as last sent, which
        every change of them renews (`lobby_mine`)."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return
        if again or self.mine is None:
            self.mine = await db_call(lobby_lists.mine_text)(user, self.lang)
        await self.send(text_data=self.mine)

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def on_pool_join(self, content: dict[str, Any]) -> None:
        """`{"type": "pool_join", "game", "players", "rated", "bots_after", "level"}`: wait
        in the quick-play pool for people (games/services/pool.py) from this socket."""
        try:
            wish = pool_messages.parse_join(content)
        except ValueError as exc:
            await self.error("bad_message", str(exc))
            return
        entry = await self._enter_pool(services.pool_join, **wish, match=False)
        if entry is None:
            return
        await self.send_json(pool_messages.waiting_message(entry, wish))
        # Matched apart from this handler, so that the socket hears of its table at once
        # rather than after the new table's broadcasts are built.
        self.matching = asyncio.create_task(self._match(entry.line_id))

    async def _match(self, line_id: int) -> None:
        try:
            await db_call(services.pool_match)(line_id)
        except Exception:  # the watchdog's tick matches the line again
            log.exception("pool line %s failed to match", line_id)

    async def on_pool_leave(self, content: dict[str, Any]) -> None:
        """`{"type": "pool_leave"}`: out of the pool."""
        self.pooled = False
        await db_call(services.pool_leave)(self.user_id, self.channel_name)
        await self.send_json(pool_messages.left_message("left", self.lang))

    async def pool_counts(self, event: dict[str, Any]) -> None:
        """How many wait in each line of the pool changed: the counts, in words per game, to
        a page that shows the pool."""
        if self.pool_view:
            await self.send_json(pool_messages.counts_message(event["counts"], self.lang))

    async def _send_pool_counts(self) -> None:
        if self.pool_view:
            await self.pool_counts({"counts": await db_call(lobby.pool_counts)()})

    async def pool_seated(self, event: dict[str, Any]) -> None:
        """This socket's wait ended at a table: the page goes there."""
        self.pooled = False
        await self.send_json(pool_messages.seated_message(event["table_id"]))

    async def pool_left(self, event: dict[str, Any]) -> None:
        """This socket's wait ended without a table (moved to another page, no free slot)."""
        self.pooled = False
        await self.send_json(pool_messages.left_message(event["code"], self.lang))

    async def lobby_row(self, event: dict[str, Any]) -> None:
        """A change of one public table: a `row` if this socket's list shows it."""
        change = self.view.change(event)
        if change is not None:
            op, since = change
            auth = self.user_id is not None
            await self.send(text_data=lobby_lists.row_text(event, op, since, self.lang, auth))

    async def lobby_mine(self, event: dict[str, Any]) -> None:
        """One of the user's tables changed: their own list again."""
        await self._send_mine()

    async def layer_reconnected(self, event: dict[str, Any]) -> None:
        """Redis came back: changes sent meanwhile were lost
        (whistsite/patches/channel_layer.py)."""
        await self._send_list()
        await self._send_mine()
        await self._send_pool_counts()


class NoRouteConsumer(AsyncJsonWebsocketConsumer):
    """A socket at a path that is no table and no lobby: accepted, then closed with 4404
    (docs/protocol.md), so the page learns why instead of meeting an HTTP 500. It has no
    channel (an alias no layer has): it needs none, and with Redis away its handshake
    failed on making one (HTTP 500)."""

    channel_layer_alias = "none"

    async def connect(self) -> None:
        await self.accept()
        await self.close(CLOSE_NOT_FOUND)

    async def websocket_flood(self, message: dict[str, Any]) -> None:
        """Daphne's protocol cut the socket for flooding
        (whistsite/patches/daphne_frame_guard.py); it is closed already."""
