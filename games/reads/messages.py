"""What the card room sends of its rows: the `state` message each receiver may see (the only
door a view leaves by), a table's lobby entry, chat lines, and the names people read."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any

from accounts.text import clean_text
from games.engine import State
from games.engine.presentation import present, present_views
from games.engine.views import seat_view, spectator_view, table_views
from games.gamestate import state_for
from games.labels import stored_bot_name
from games.models import ChatMessage, Seat, Table
from games.reads.queries import (
    can_watch,
    current_offer,
    current_takeback,
    plays_by_bot,
    user_seat,
)

CHAT_HISTORY = 50
DEFAULT_BACK = "red"


def user_name(user: Any) -> str:
    name = (getattr(user, "display_name", "") or user.get_username()) if user else ""
    return _cleaned(name) or (user.get_username() if user else "")


# A name is cleaned each time a message names its player (every seat, every broadcast).
_cleaned = lru_cache(maxsize=4096)(clean_text)


def seat_name(seat: Seat) -> str | None:
    if seat.user_id is not None:
        return user_name(seat.user)
    if seat.bot:
        return stored_bot_name(seat.bot)
    return None


def table_dict(
    table: Table, seat_index: int | None, seats: list[Seat] | None = None
) -> dict[str, Any]:
    """The `table` part of a state message (docs/protocol.md §"Server → client"); `seats`:
    the table's, if in hand (else `table.seats.all()`)."""
    seats = list(table.seats.all()) if seats is None else seats
    human_turn_deadline = table.turn_deadline if _human_deadline(table, seats) else None
    return {
        **_table_fields(table),
        "invite": _invite(table, seat_index),
        "seats": [_seat_dict(s) for s in seats],
        "deadline": human_turn_deadline.isoformat() if human_turn_deadline else None,
        "result": (table.record or {}).get("result"),
        "rematch": _rematch_id(table),
        "after": table.after_url or None,
        "hide_ratings": table.hide_ratings,
        "board_held": table.board_held,
        "claim_offer": _offer_part(current_offer(table)),
        "takeback": _takeback_part(current_takeback(table)),
    }


def _takeback_part(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if offer is None else {"seat": offer["seat"], "accepted": offer["accepted"]}


def _offer_part(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    return {"seat": offer["seat"], "tricks": offer["tricks"], "accepted": offer["accepted"]}


def hides_levels(table: Table, user: Any = None) -> bool:
    """Whether a receiver sees no other player's level or rating now: the table hides them
    (its option), or the receiver's profile does; only while the game is not over."""
    if table.status in (Table.Status.FINISHED, Table.Status.ABORTED):
        return False
    return table.hide_ratings or bool(getattr(user, "hide_ratings", False))


def _levels_hidden(part: dict[str, Any], own: int | None) -> dict[str, Any]:
    """The table part with every seat's level but the receiver's own (`own`) left out."""
    seats = [s if s["index"] == own else {**s, "level": None} for s in part["seats"]]
    return {**part, "seats": seats}


def _invite(table: Table, seat_index: int | None) -> str | None:
    """A private table's invite token, which its players see (to pass on)."""
    return table.invite_token if seat_index is not None and table.private else None


def _rematch_id(table: Table) -> int | None:
    """The rematch's table id; only a finished table has one (no query for a table in play)."""
    if table.status != Table.Status.FINISHED:
        return None
    return getattr(getattr(table, "rematch", None), "pk", None)


def _human_deadline(table: Table, seats: list[Seat]) -> bool:
    """Whether `turn_deadline` is a human's time limit (not a bot's due time)."""
    state = state_for(table)
    if state is None or state.over or not table.time_limit:
        return False
    seat = seats[state.to_act]
    return not plays_by_bot(seat, state)


def _seat_dict(seat: Seat) -> dict[str, Any]:
    human = seat.user if seat.user_id is not None and not seat.bot else None
    return {
        "index": seat.index,
        "name": seat_name(seat),
        "bot": seat.bot or None,
        "connected": seat.connections > 0,
        "away": seat.away,
        # docs/rules.md §4.2: the player's level and chosen card back (bots: none, the default).
        "level": human.level if human else None,
        "back": human.card_back if human else DEFAULT_BACK,
    }


def state_message(
    table: Table, seat_index: int | None, seats: list[Seat] | None = None
) -> dict[str, Any]:
    """The `state` message for one seat (None: a spectator): the only door a view leaves by.
    `seats`: the table's, if in hand (else `table.seats.all()`)."""
    seats = list(table.seats.all()) if seats is None else seats
    part = table_dict(table, seat_index, seats)
    user = seats[seat_index].user if seat_index is not None else None
    if hides_levels(table, user):
        part = _levels_hidden(part, seat_index)
    return _message(table, seat_index, part, view_of(state_for(table), seat_index))


def state_messages(
    table: Table, seats: list[Seat]
) -> tuple[dict[str, Any], list[tuple[Seat, dict[str, Any]]]]:
    """The spectator's state message and each seated user's (a broadcast's), sharing one
    `table` part: only a private table's invite differs, which its players see, and while
    levels are hidden (`hides_levels`) each player's own level. Their views are built at
    once, the public part of them once (games.engine.views.table_views), and so is what
    the page shows of that part (games.engine.presentation.present_views)."""
    state, shared = state_for(table), table_dict(table, None, seats)
    invite = _invite(table, 0)  # the players' part is the spectator's unless they see one
    players = shared if invite == shared["invite"] else {**shared, "invite": invite}
    users = [seat for seat in seats if seat.user_id is not None]
    spectator: dict[str, Any] | None = None
    views: list[dict[str, Any] | None] = [None] * len(users)
    if state is not None:
        spectator, built = table_views(state, [seat.index for seat in users])
        present_views(spectator, built)
        views = list(built)
    seated = [
        (seat, _message(table, seat.index, _part_for(table, seat, players), view))
        for seat, view in zip(users, views, strict=True)
    ]
    if hides_levels(table):
        shared = _levels_hidden(shared, None)
    return _message(table, None, shared, spectator), seated


def _part_for(table: Table, seat: Seat, players: dict[str, Any]) -> dict[str, Any]:
    return _levels_hidden(players, seat.index) if hides_levels(table, seat.user) else players


def view_of(state: State | None, seat_index: int | None) -> dict[str, Any] | None:
    """The `view` of a state message: the seat's view (None: a spectator's) and what the page
    shows of it (`present`, docs/protocol.md)."""
    if state is None:
        return None
    view = spectator_view(state) if seat_index is None else seat_view(state, seat_index)
    return _presented(view)


def _presented(view: dict[str, Any] | None) -> dict[str, Any] | None:
    if view is not None:
        view["present"] = present(view)
    return view


def _message(
    table: Table, seat_index: int | None, table_part: dict[str, Any], view: dict[str, Any] | None
) -> dict[str, Any]:
    return {
        "type": "state",
        "version": table.version,
        "seat": seat_index,
        "table": table_part,
        "view": view,
    }


def table_payload(table: Table, user: Any = None, session: Any = None) -> dict[str, Any] | None:
    """The state message `user` would get on connecting (None if they may not watch)."""
    if not can_watch(table, user, session):
        return None
    seat = user_seat(table, user)
    return state_message(table, seat.index if seat else None)


def _table_fields(table: Table) -> dict[str, Any]:
    """What the table message and the lobby entry both say of a table."""
    return {
        "id": table.pk,
        "game": table.game,
        "players": table.players,
        "preset": table.preset or None,
        "options": table.options,
        "status": table.status,
        "private": table.private,
        "rated": table.rated,
        "time_limit": table.time_limit,
        "chat_players_only": table.chat_players_only,
    }


def lobby_entry(table: Table) -> dict[str, Any]:
    return {
        **_table_fields(table),
        "created_by": user_name(table.created_by),
        "created": table.created.isoformat(),
        "seats": [
            {"index": s.index, "name": seat_name(s), "bot": s.bot or None}
            for s in table.seats.all()
        ],
    }


def chat_dict(message: ChatMessage) -> dict[str, Any]:
    """A chat line as sockets send it; `uid` (its writer) stays on the server: each socket
    drops the lines of players its user blocked, then the field
    (games/sockets/table_opening.py `client_chat`)."""
    return {
        "id": message.pk,
        "name": message.name,
        "text": message.text,
        "at": message.created.isoformat(),
        "uid": message.user_id,
    }


def chat_recent(
    table_id: int, limit: int = CHAT_HISTORY, hide_users: Collection[int] = ()
) -> list[dict[str, Any]]:
    """The latest visible chat messages of a table, oldest first, without those of the
    players in `hide_users` (a block list)."""
    rows = ChatMessage.objects.filter(table_id=table_id, hidden=False)
    if hide_users:
        rows = rows.exclude(user_id__in=list(hide_users))
    rows = rows.order_by("-created", "-id")
    return [chat_dict(m) for m in reversed(rows[:limit])]


def chat_around(message: ChatMessage, before: int = 8, after: int = 4) -> list[dict[str, Any]]:
    """A chat line with the lines written just before and after it at its table, hidden ones
    included (what a moderator needs to judge a report)."""
    rows = ChatMessage.objects.filter(table_id=message.table_id)
    earlier = rows.filter(pk__lt=message.pk).order_by("-pk")[:before]
    later = rows.filter(pk__gte=message.pk).order_by("pk")[: after + 1]
    lines = [*reversed(earlier), *later]
    return [{**chat_dict(m), "hidden": m.hidden} for m in lines]
