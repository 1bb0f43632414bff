"""Channel-layer groups of the card room and the messages sent to them after each commit."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games import lobby, selectors

log = logging.getLogger(__name__)
LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    """Every socket watching a table (players and spectators)."""
    return f"table-{table_id}"


def user_group(user_id: int) -> str:
    """Every socket of one user: their seat views, and a revoke on logout or ban."""
    return f"user-{user_id}"


def send(group: str, message: dict[str, Any]) -> None:
    """group_send from sync code; a failing layer is logged, never raised into a request."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        log.exception("could not send %s to %s", message.get("type"), group)


def table_changed(table_id: int, lobby: bool = False) -> None:
    """After the commit: the new state to every receiver of the table (and the lobby list)."""
    transaction.on_commit(partial(send_table_state, table_id, lobby))


def send_table_state(table_id: int, lobby: bool = False) -> None:
    """Each seated user gets their seat's view; everyone else the spectator view."""
    table = selectors.table_get(table_id)
    if table is None:
        return
    seats = list(table.seats.all())
    seated = [s.user_id for s in seats if s.user_id is not None]
    spectators = selectors.state_message(table, None)
    send(table_group(table_id), _state_event("table.state", table, spectators, seated=seated))
    for seat in seats:
        if seat.user_id is not None:
            message = selectors.state_message(table, seat.index)
            send(user_group(seat.user_id), _state_event("seat.state", table, message))
    if lobby and not table.private:
        send_lobby()


def _state_event(kind: str, table: Any, message: dict, **extra: Any) -> dict[str, Any]:
    event = {"type": kind, "table_id": table.pk, "version": table.version, "message": message}
    return event | extra


def send_lobby() -> None:
    message = lobby.lobby_message()
    send(LOBBY_GROUP, {**message, "type": "lobby.tables"})


def chat_posted(table_id: int, messages: list[dict[str, Any]]) -> None:
    event = {"type": "chat.message", "table_id": table_id, "messages": messages}
    transaction.on_commit(partial(send, table_group(table_id), event))


def chat_hidden(table_id: int, ids: list[int]) -> None:
    event = {"type": "chat.hidden", "table_id": table_id, "ids": ids}
    transaction.on_commit(partial(send, table_group(table_id), event))


def user_revoke(user_id: int, reason: str = "logout", ban: dict[str, Any] | None = None) -> None:
    """Close every open socket of a user on every server (logout, ban, password change:
    docs/stack-notes.md §2.14); a ban travels with its reason and end, which the sockets show."""
    send(user_group(user_id), {"type": "user.revoke", "reason": reason, "ban": ban})


def user_blocks(user_id: int) -> None:
    """The user's block list changed: their table sockets reload it."""
    send(user_group(user_id), {"type": "user.blocks"})
