"""How a table socket opens: the connect half of games/sockets/consumers.py's TableConsumer.

A restart opens every socket at once. Each socket's opening reads what it needs in one visit
to the database thread pool and one statement (the table, whether it may watch, the user's
ban and block list: games/reads/opening.py; the chat in a second if the table has any), is
counted in a second visit (games/sockets/admission.py), and a player's socket writes its
presence (and notes its origin) in a third; the reads and writes wait their turn
(at most OPENING sockets' work at once per process: games/sockets/turns.py), so a move never
queues behind hundreds of openings. Its first state is the table's newest as this process
holds it, built at most once per table and version however many sockets ask
(games/sockets/state_cache.py). A seat's first socket changes the table's `connected`, which
is published PUBLISH_DELAY later as one version for every socket of the table opened
meanwhile (and not at all if another change came after them: its views show them), not one
version (built and sent to every socket of the table) per socket.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from accounts.devices import origin_note
from games import broadcast, services
from games.reads import messages, queries
from games.reads.opening import opening_read
from games.sockets import lost_publishes, pool_messages, state_cache
from games.sockets.frames import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from games.sockets.message_size import in_parts
from games.sockets.threads import db_call
from games.sockets.turns import turn

log = logging.getLogger(__name__)
OPENING = 3  # sockets' opening work on the thread pool at once, per process
PUBLISH_DELAY = 0.3  # seconds a seat's first socket waits to publish `connected`

# Tables whose `connected` is to be published: the newest version their opens saw.
_due: dict[int, int] = {}
_publishing: set[asyncio.Task] = set()


@dataclass
class Found:
    """What a socket's opening read of its table and user."""

    version: int
    allowed: bool
    ban: dict[str, Any] | None = None
    blocked: set[int] = field(default_factory=set)
    chat: list[dict[str, Any]] = field(default_factory=list)


def read_opening(table_id: int, user: Any, session: Any) -> Found | None:
    """The table's version, whether `user` may watch it, their ban, block list and the chat
    they see; None if the table does not exist. One statement (games/reads/opening.py), and
    a second for the chat if the table has any."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    read = opening_read(table_id, user_id)
    if read is None:
        return None
    table = read.table
    if not queries.can_watch(table, user, session, seated=read.seated):
        return Found(table.version, False)
    chat = messages.chat_recent(table_id, hide_users=read.blocked) if read.has_chat else []
    return Found(table.version, True, read.ban, read.blocked, chat)


def open_seat(table_id: int, user: Any, channel: str, scope: dict, address: str | None) -> Any:
    """A logged-in user's socket opened (services.seat_open: their seat's presence); a
    seated player's origin noted for fair play's shared-origin signal (fairplay.shared)."""
    opened = services.seat_open(table_id, user, channel)
    if opened.seat is not None:
        origin_note(table_id, user.pk, **pool_messages.origin(scope, address))
    return opened


def publish_soon(table_id: int, version: int) -> None:
    """The table's `connected` to be published in PUBLISH_DELAY, once for every socket of it
    that opens meanwhile in this process (`version`: the table's when this one opened); not
    at all if another change (another process's publish, a move) came after them."""
    due = _due.get(table_id)
    _due[table_id] = max(version, due if due is not None else version)
    if due is not None:
        return
    loop = asyncio.get_running_loop()
    loop.call_later(PUBLISH_DELAY, _start_publish, loop, table_id)


def _start_publish(loop: asyncio.AbstractEventLoop, table_id: int) -> None:
    task = loop.create_task(_publish(table_id, _due.pop(table_id)))
    _publishing.add(task)
    task.add_done_callback(_publishing.discard)


async def _publish(table_id: int, since: int) -> None:
    try:
        await db_call(services.presence_publish)(table_id, since)
    except Exception:  # the next change of the table publishes `connected` too
        log.exception("table %s: could not publish who is connected", table_id)


def client_chat(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Chat lines as the client gets them: without the writer's id (messages.chat_dict)."""
    return [{k: v for k, v in m.items() if k != "uid"} for m in lines]


if TYPE_CHECKING:  # the consumer it is a part of, for the type checker
    from games.sockets.table_states import TableStates as _Host
else:
    _Host = object


class TableOpening(_Host):
    """The connect of games/sockets/consumers.py's TableConsumer."""

    table_id: int
    user: Any
    user_id: int | None
    scope: dict
    channel_name: str
    channel_layer: Any
    closing: bool
    admitted: bool
    address: str | None
    joined: list[str] = []  # the groups it joined (none before its connect did; never shared)
    listening = False  # counted in state_cache's listeners of its table (from its first state)

    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.user = self.scope.get("user")
        self.user_id = self.user.pk if self.user and self.user.is_authenticated else None
        self.version = -1
        self.game_version = -1
        self.to_act: int | None = None
        self.resigned: list[int] = []
        self.seat: int | None = None
        self.joined = []
        self.blocked: set[int] = set()
        # The handshake was answered before the user was read (JsonFrames.websocket_connect):
        # under load the checks below may queue for a while, and Daphne refuses a handshake
        # not answered within its connect timeout.
        # The table's group before its version is read: a change committed after that read
        # reaches this socket as an event, handled once this connect is done (a consumer
        # handles one message at a time), not lost between the read and the join (a gap).
        await self._join(broadcast.table_group(self.table_id))
        # The user's groups before the ban is read (in `read_opening`), as the table's: a ban
        # committed after that read reaches this socket as a revoke, not lost before the join.
        if self.user_id is not None:
            await self._join(broadcast.user_group(self.user_id))
            await self._join(broadcast.user_group(self.user_id, "table"))
        async with turn("table sockets opening", OPENING):
            found = await db_call(read_opening)(self.table_id, self.user, self.scope.get("session"))
        if found is None or not found.allowed:
            await self.close(CLOSE_NOT_FOUND if found is None else CLOSE_FORBIDDEN)
            return
        if not await self._admit_user(ban=found.ban):
            return
        self.admitted = True
        self.blocked = found.blocked
        version = found.version  # the state this socket gets is at least this
        if self.user_id is not None:
            async with turn("table sockets opening", OPENING):
                opened = await db_call(open_seat)(
                    self.table_id, self.user, self.channel_name, self.scope, self.address
                )
            self.seat, version = opened.seat, max(version, opened.version)
            if opened.publish:
                publish_soon(self.table_id, opened.version)
        await self._resend(at_least=version)
        # From now on the process's newest state of the table is this socket's too: a newer
        # one read for another socket mends a publish it missed (games/sockets/state_cache.py).
        self.listening = True
        state_cache.listen(self.table_id)
        lost_publishes.watch()  # and one whose commit was never published comes all the same
        await self._send_chat(found.chat)

    def _unlisten(self) -> None:
        """The socket ends: no longer among its table's listeners here."""
        if self.listening:
            self.listening = False
            state_cache.unlisten(self.table_id)

    async def _send_chat(self, chat: list[dict[str, Any]] | None = None) -> None:
        if chat is None:
            chat = await db_call(messages.chat_recent)(self.table_id, hide_users=self.blocked)
        for part in in_parts(client_chat(chat)):  # 50 long lines can outgrow the socket's cap
            await self.send_json({"type": "chat", "messages": part})

    async def _join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.joined.append(group)
