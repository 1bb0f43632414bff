"""Channel-layer groups of the card room and the messages sent to them after each commit.

A change of a table is one event to the table's group carrying every receiver's view
(built once, after the commit); each socket keeps its own and drops the rest, so each
socket gets exactly one message per change and the layer one send (docs/protocol.md).
From a server's database thread the send is handed to the event loop and not waited for,
so the next table's move does not queue behind a round trip to Redis.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

from games.reads import lobby, messages, queries
from games.reads.state_text import state_texts
from runtime import metrics
from runtime.scheduling import server_loop

log = logging.getLogger(__name__)
LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    """Every socket watching a table (players and spectators)."""
    return f"table-{table_id}"


# A user's sockets (a table's, the lobby's, the small notices socket) all join the user's
# group, for what every kind handles (a notice, a revoke); a table's and the lobby's sockets
# also join their kind's group, for what only that kind handles (a table's block list, the
# lobby's own tables), so no socket needs a handler for another kind's events.
KIND_GROUPS = ("table", "lobby")


def user_group(user_id: int, kind: str | None = None) -> str:
    """Every socket of one user, or (`kind`, one of KIND_GROUPS) its sockets of that kind."""
    return f"user-{user_id}-{kind}" if kind else f"user-{user_id}"


def user_send(user_id: int, message: dict[str, Any], kind: str | None = None) -> None:
    """`message` to every socket of the user (a revoke, a notice), or to its sockets of one
    kind: one publish either way."""
    send(user_group(user_id, kind), message)


def page_group(page: str) -> str:
    """The sockets on one page that names itself (`?page=event-12` on /ws/notices/): they
    hear its changes (`page.changed`)."""
    return f"page-{page}"


def send(group: str, message: dict[str, Any], channel: bool = False) -> None:
    """group_send from sync code (`channel=True`: `send` to one socket's channel, `group`
    naming it); a failing layer is logged, never raised into a request."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = server_loop()
    # A move's new state: timed from its act frame (runtime/metrics.py ACT_TO_BROADCAST).
    started = metrics.ACT_STARTED.get() if message.get("move") is not None else None
    try:
        if loop is not None and not _on(loop):
            coroutine = _send_logged(layer, group, message, channel, started)
            asyncio.run_coroutine_threadsafe(coroutine, loop)
        elif loop is None and not isinstance(layer, InMemoryChannelLayer):
            sending = (layer.send if channel else layer.group_send)(group, message)
            asyncio.run_coroutine_threadsafe(sending, _own_loop()).result()
            metrics.broadcast_done(started)
        else:
            async_to_sync(layer.send if channel else layer.group_send)(group, message)
            metrics.broadcast_done(started)
    except Exception:  # includes a loop that closed meanwhile (a server shutting down)
        metrics.PUBLISH_ERRORS.inc()
        log.exception("could not send %s to %s", message.get("type"), group)


_own: dict[int, asyncio.AbstractEventLoop] = {}  # by process id: a forked child makes its own
_own_lock = threading.Lock()


def _own_loop() -> asyncio.AbstractEventLoop:
    """An event loop of this process's own, run by a thread of its own, for the sends of code
    that runs on no server's loop (a Celery worker's bot move or timeout, a page's POST
    under WSGI). The layer keeps its Redis connections per event loop, and `async_to_sync`
    ran each send on a new loop: each send opened a connection to Redis and closed it
    (docs/benchmarks.md, 2026-12-06 fifth session). Each send is waited for, as before."""
    with _own_lock:
        loop = _own.get(os.getpid())
        if loop is None:
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="broadcast", daemon=True)
            thread.start()
            _own.clear()
            _own[os.getpid()] = loop
        return loop


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


async def _send_logged(
    layer: Any, group: str, message: dict[str, Any], channel: bool = False,
    started: float | None = None,
) -> None:  # fmt: skip
    try:
        await (layer.send if channel else layer.group_send)(group, message)
    except Exception:
        metrics.PUBLISH_ERRORS.inc()
        log.exception("could not send %s to %s", message.get("type"), group)
    else:
        metrics.broadcast_done(started)


async def publish(group: str, message: dict[str, Any]) -> None:
    """group_send from the event loop; a failing layer is logged, never raised."""
    layer = get_channel_layer()
    if layer is not None:
        await _send_logged(layer, group, message)


def table_changed(
    table_id: int,
    lobby: bool = False,
    table: Any = None,
    seats: list | None = None,
    move: dict[str, Any] | None = None,
    after: list[Callable[[], object]] | None = None,
) -> None:
    """After the commit: the new state to every receiver of the table (and the lobby list).
    Built in the committing thread at once (any thread of the pool on a server, so other
    tables do not wait), so that each version is read and sent before the table's next
    change can commit: a build handed to another thread could read the next version and
    leave this one unsent (a gap every client would see). The send itself goes to the
    event loop and is not waited for. `table` and `seats`: the committed table and its
    seats (with their users and open sockets) as a move leaves them, so that nothing is
    read again. `move`: the move this change made (the table's seed, its number, its event),
    which every process with a socket at the table applies to the state it holds
    (games/gamestate.py `advance`). `after`: the caller's list of what follows its commit,
    asked for in one callback (games/services/moves.py `commit`), the send appended to it."""
    send = partial(send_table_state, table_id, lobby, table, seats, move)
    if after is None:
        transaction.on_commit(send)
    else:
        after.append(send)


def send_table_state(
    table_id: int,
    lobby: bool = False,
    table: Any = None,
    seats: list | None = None,
    move: dict[str, Any] | None = None,
) -> None:
    """One event to the table's group: each seated user's view and the spectator view."""
    if table is None:
        table = queries.table_get(table_id)
    if table is None:
        return
    send(table_group(table_id), {**state_event(table, seats), "move": move})
    log.debug("state %s of table %s sent", table.version, table_id)
    if lobby:
        send_lobby(table_id, private=table.private)


def state_event(table: Any, seats: list | None = None) -> dict[str, Any]:
    """`table.state`: each receiver's state message as JSON text, encoded once here (the
    spectator's, and [user id, seat, text] per seated user; what the messages share written
    once: games/reads/state_text.py), with what a socket keeps of
    it (the version, the game version, who is to act, who resigned) so that it can refuse
    a stale move or a move out of turn without asking the database. `seats`: the table's,
    if in hand (else `table.seats.all()`)."""
    seats = list(table.seats.all()) if seats is None else seats
    spectator, players = messages.state_messages(table, seats)
    view = spectator["view"] or {}
    texts = state_texts([spectator, *(message for _, message in players)])
    seated = [
        [seat.user_id, seat.index, text] for (seat, _), text in zip(players, texts[1:], strict=True)
    ]
    return {
        "type": "table.state",
        "table_id": table.pk,
        "version": table.version,
        "game_version": table.game_version,
        "to_act": view.get("to_act"),
        "resigned": view.get("resigned") or [],
        "private": table.private,
        "spectator": texts[0],
        "seated": seated,
    }


def send_lobby(table_id: int, private: bool = False) -> None:
    """A change the lobby lists (a table opened, changed its seats or stage, started, ended):
    one `lobby.row` event with the next lobby version and the table's entry (None: the lobby
    no longer lists it) to every lobby socket, which each turn into an added, changed or gone
    row for their own list (games/sockets/consumers.py); and a `lobby.mine` to its players' sockets,
    whose lobby pages list it among their own tables (private ones too)."""
    table = queries.table_get(table_id)
    if table is None:
        return
    if not private:
        entry = lobby.lobby_entry_of(table)
        key = lobby.entry_key(entry) if entry is not None else None
        event = {"type": "lobby.row", "version": lobby.lobby_version_bump(), "id": table_id,
                 "entry": entry, "key": key, "online": lobby.players_online()}  # fmt: skip
        send(LOBBY_GROUP, event)
    for user_id in {s.user_id for s in table.seats.all() if s.user_id is not None}:
        user_send(user_id, {"type": "lobby.mine"}, "lobby")


def chat_posted(table_id: int, messages: list[dict[str, Any]]) -> None:
    event = {"type": "chat.message", "table_id": table_id, "messages": messages}
    transaction.on_commit(partial(send, table_group(table_id), event))


def chat_hidden(table_id: int, ids: list[int]) -> None:
    event = {"type": "chat.hidden", "table_id": table_id, "ids": ids}
    transaction.on_commit(partial(send, table_group(table_id), event))


def user_revoke(user_id: int, reason: str = "logout", ban: dict[str, Any] | None = None) -> None:
    """Close every open socket of a user on every server (logout, ban, password change:
    docs/stack-notes.md §2.14); a ban travels with its reason and end, which the sockets show."""
    user_send(user_id, {"type": "user.revoke", "reason": reason, "ban": ban})


def user_blocks(user_id: int) -> None:
    """The user's block list changed: their table sockets reload it."""
    user_send(user_id, {"type": "user.blocks"}, "table")


def pool_changed() -> None:
    """After the commit: how many wait in each line of the quick-play pool, to every lobby
    socket (read once here, in the committing thread)."""

    def counts() -> None:
        send(LOBBY_GROUP, {"type": "pool.counts", "counts": lobby.pool_counts()})

    transaction.on_commit(counts)


def pool_seated(channel: str, table_id: int) -> None:
    """After the commit: the lobby socket that waited in the pool learns its table."""
    event = {"type": "pool.seated", "table_id": table_id}
    transaction.on_commit(partial(send, channel, event, True))


def pool_left(channel: str, code: str) -> None:
    """After the commit: a lobby socket is out of the pool without a table (it joined from
    another page, or it could not be seated), with the reason's code; the socket words it
    in its own language."""
    event = {"type": "pool.left", "code": code}
    transaction.on_commit(partial(send, channel, event, True))


def pool_pair_invited(user_id: int, inviter_id: int) -> None:
    """After the commit: the user's lobby sockets learn that `inviter_id` invites them to wait
    in the pool as partners (each socket reads and words the invitation itself)."""
    event = {"type": "pool.pair_invited", "inviter": inviter_id}
    transaction.on_commit(partial(user_send, user_id, event, "lobby"))


def pool_pair_withdrawn(user_id: int, inviter_id: int) -> None:
    """After the commit: `inviter_id`'s invitation to the user is no longer open."""
    event = {"type": "pool.pair_withdrawn", "inviter": inviter_id}
    transaction.on_commit(partial(user_send, user_id, event, "lobby"))


def pool_paired(channel: str, partner_id: int) -> None:
    """After the commit: the inviter's lobby socket learns its invitation was accepted: the
    two wait as partners now."""
    event = {"type": "pool.paired", "partner": partner_id}
    transaction.on_commit(partial(send, channel, event, True))
