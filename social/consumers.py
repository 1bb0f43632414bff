"""The notices socket: on pages that have no socket of their own (every page but a table's
and the lobby), it joins the user's notices group (games.broadcast.user_group) so that
notifications arrive at once; the table's and the lobby's sockets carry them on their
pages, so a tab never has two (docs/protocol.md §"Notifications")."""

from __future__ import annotations

from typing import Any

from games import broadcast
from games.sockets import shutdown
from games.sockets.frames import CLOSE_FORBIDDEN, JsonFrames
from games.sockets.threads import db_call
from social.selectors import unread_count


class NoticeConsumer(JsonFrames):
    """A logged-in player's socket for their notifications; it sends nothing but `ping`."""

    handlers = {"ping": "on_ping"}

    async def connect(self) -> None:
        await self.accept()
        if self.closing:
            return
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(CLOSE_FORBIDDEN)
            return
        self.user_id = user.pk
        if not await self._admit_user():
            return
        self.admitted = True
        self.group = broadcast.user_group(self.user_id, "notices")
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_json({"type": "notices_ready"})

    async def disconnect(self, code: int) -> None:
        if not shutdown.stopping() and hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self._release()

    async def on_ping(self, content: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})

    async def layer_reconnected(self, event: dict[str, Any]) -> None:
        """Redis came back (whistsite/patches/channel_layer.py): notices sent meanwhile were
        lost for this socket; the page gets its unread count again."""
        unread = await db_call(unread_count)(self.user_id)
        await self.send_json({"type": "notice_count", "unread": unread})
