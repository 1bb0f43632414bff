"""The notices socket: on pages that have no socket of their own (every page but a table's
and the lobby), it joins the user's group (games.broadcast.user_group) so that
notifications arrive at once; the table's and the lobby's sockets carry them on their
pages, so a tab never has two (docs/protocol.md §"Notifications"). A page that keeps
presence names itself (`?page=event-12`, an event its user may see: games.sockets.pages):
while the socket is open its user is on that page (games.sockets.limits.page_open), the
one presence the site keeps besides tables', and the socket hears the page's changes
(games.broadcast.page_group). Any other page is refused with an `error`; the socket
stays, for the notices, and `notices_ready` says which page it joined (null: none)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from django.utils.translation import gettext as _

from games import broadcast
from games.sockets import limits, shutdown
from games.sockets.frames import CLOSE_FORBIDDEN, JsonFrames
from games.sockets.pages import page_allowed
from games.sockets.threads import counts, db_call
from social.selectors import unread_count


class NoticeConsumer(JsonFrames):
    """A logged-in player's socket for their notifications; it sends nothing but `ping`."""

    handlers = {"ping": "on_ping"}
    page = ""  # the page the socket says it is on, for the presence it stands for

    async def connect(self) -> None:
        # Accepted already, its user read (JsonFrames.websocket_connect).
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(CLOSE_FORBIDDEN)
            return
        self.user_id = user.pk
        if not await self._admit_user():
            return
        self.admitted = True
        self.group = broadcast.user_group(self.user_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        asked = query.get("page", [""])[-1]
        if asked and await db_call(page_allowed)(asked, user):
            self.page = asked
            await self.channel_layer.group_add(broadcast.page_group(self.page), self.channel_name)
            await counts(limits.page_open)(self.page, self.user_id, self.channel_name)
        elif asked:
            await self.error("bad_page", _(
                "this socket follows only the page of an event you may see (event-<id>)"
            ))  # fmt: skip
        await self.send_json({"type": "notices_ready", "page": self.page or None})

    async def disconnect(self, code: int) -> None:
        if not shutdown.stopping() and hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if not shutdown.stopping() and self.page:
            group = broadcast.page_group(self.page)
            await self.channel_layer.group_discard(group, self.channel_name)
            await counts(limits.page_close)(self.page, self.user_id, self.channel_name)
        await self._release()

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def page_changed(self, event: dict[str, Any]) -> None:
        """The page this socket is on changed (an event's standings, rounds, tables): the
        page refreshes what it shows of it (static/js/event.js)."""
        await self.send_json({"type": "page_changed", "version": event["version"]})

    async def layer_reconnected(self, event: dict[str, Any]) -> None:
        """Redis came back (whistsite/patches/channel_layer.py): notices sent meanwhile were
        lost for this socket, and so were its page's changes: the page gets its unread count
        again, and a page that names itself looks at its version."""
        unread = await db_call(unread_count)(self.user_id)
        await self.send_json({"type": "notice_count", "unread": unread})
        if self.page:
            await self.send_json({"type": "page_changed", "version": None})
