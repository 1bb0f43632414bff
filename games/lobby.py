"""Reads for the lobby: who is playing now, how far each game in play has got, a player's
own running tables (private ones too), which the lobby lists first, and those of them that
hold the player's slots of WHIST_MAX_OPEN_TABLES."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from games.engine import State, takes_part
from games.gamestate import states_for
from games.models import Presence, Seat, Table
from games.selectors import (
    lobby_entry,
    lobby_table_list,
    seats_with_sockets,
    unfinished_tables,
    user_seat,
)

MINE_LIMIT = 50


def players_online() -> dict[str, int]:
    """Logged-in players with a table open now (their sockets' Presence rows, refreshed by
    their servers and dropped when a server dies) and the games being played."""
    players = Presence.objects.values("seat__user_id").distinct().count()
    games = Table.objects.filter(status=Table.Status.PLAYING).count()
    return {"players": players, "games": games}


def stage(state: State) -> dict[str, Any]:
    """How far a game has got, in numbers the lobby puts into words (static/js/lobby.js)."""
    game = state.rules.game
    if game == "knockout":
        left = sum(1 for active in state.active if active)
        return {"round": state.deal_no + 1, "rounds": state.rules.options.start_cards, "left": left}
    if game == "whist":
        return {"deal": state.deal_no + 1, "scores": list(state.scores), "wins": list(state.wins)}
    return {"game": len(state.games) + (0 if state.over else 1), "games": state.rules.options.games,
            "half": state.half}  # fmt: skip


def with_stages(tables: list[Table], states: dict[int, State]) -> list[dict[str, Any]]:
    """The lobby entries of `tables`, each with the `stage` of its game (None before the deal)."""
    return [{**lobby_entry(t), "stage": stage(states[t.pk]) if t.pk in states else None}
            for t in tables]  # fmt: skip


def lobby_message() -> dict[str, Any]:
    """The lobby socket's `tables` message (docs/protocol.md): public tables with their stages,
    and how many are playing."""
    tables = lobby_table_list()
    entries = with_stages(tables, states_for(_playing(tables)))
    return {"type": "tables", "tables": entries, "online": players_online()}


def running_tables(user: Any) -> list[dict[str, Any]]:
    """The open and playing tables `user` sits at, private ones included, newest first; each
    says whether it is the user's turn there."""
    if user is None or not user.is_authenticated:
        return []
    tables = list(
        unfinished_tables(user)
        .select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=seats_with_sockets()))
        .order_by("-created")
        .distinct()[:MINE_LIMIT]
    )
    states = states_for(_playing(tables))
    entries = with_stages(tables, states)
    for table, entry in zip(tables, entries, strict=True):
        seat = user_seat(table, user).index
        state = states.get(table.pk)
        entry["my_turn"] = bool(state and not state.over and state.to_act == seat)
    return entries


def slot_tables(user: Any) -> list[Table]:
    """The tables that hold `user`'s slots, oldest first: open tables they sit at, and games
    in play in which they still take part (not resigned, not knocked out: `takes_part`).
    docs/protocol.md §"Services for the pages" (`table_create`)."""
    tables = list(unfinished_tables(user).order_by("created", "pk"))
    states = states_for(_playing(tables))
    seats = dict(
        Seat.objects.filter(user=user, table_id__in=list(states))
        .values_list("table_id", "index")
    )  # fmt: skip
    return [t for t in tables if t.pk not in states or takes_part(states[t.pk], seats[t.pk])]


def _playing(tables: list[Table]) -> list[Table]:
    return [t for t in tables if t.status == Table.Status.PLAYING]
