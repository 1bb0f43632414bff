"""Reads for the lobby: who is playing now, how far each game in play has got, a page of the
public tables a filter picks (newest first), a player's own running tables (private ones
too), which the lobby lists first, those of them that hold the player's slots of
WHIST_MAX_OPEN_TABLES, the lobby's version, and how many wait in the quick-play pool
(docs/protocol.md, "Lobby socket").

The list is paged by table id (newest first: `before` an id) and filtered by game, open
seats and rated; what a socket receives never depends on how many tables exist."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, OuterRef, Prefetch

from games.engine import State, takes_part
from games.engine.rules import GAMES
from games.gamestate import states_for
from games.models import PoolEntry, Presence, Seat, Table
from games.reads.messages import lobby_entry
from games.reads.queries import seats_with_sockets, unfinished_tables, user_seat
from games.reads.sight import cards_open, open_tables
from runtime.process_cache import cache

MINE_LIMIT = 50
PAGE_ROWS = 30  # at most this many rows in one `tables` message (and the byte budget)
VERSION_KEY = "games:lobby:version"


@dataclass(frozen=True)
class ListFilter:
    """Which public tables a lobby list shows. `friends` is reserved for friends' tables
    (no friend lists yet: refused by `parse_filter`)."""

    game: str | None = None
    seats: bool = False  # only open tables with a free seat
    rated: bool = False  # only rated tables

    def matches(self, entry: dict[str, Any] | None) -> bool:
        """Whether a lobby entry (`messages.lobby_entry`, None: not in the lobby) is one this
        filter shows; the same test as `page_tables`' query."""
        if entry is None:
            return False
        if self.game is not None and entry["game"] != self.game:
            return False
        if self.rated and not entry["rated"]:
            return False
        return not self.seats or (entry["status"] == "open" and has_free_seat(entry))

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "rated": self.rated}


class FilterError(ValueError):
    """A `list` frame's filter the server cannot use; the message says what is wrong."""


def parse_filter(data: dict[str, Any]) -> ListFilter:
    """A filter from a frame or a query string's values: `game` (one of the games, or
    empty/None for all), `seats` and `rated` (booleans, or "1"/"0")."""
    game = data.get("game") or None
    if game is not None and game not in GAMES:
        raise FilterError(f"game must be one of {', '.join(GAMES)} or null")
    if data.get("friends"):
        raise FilterError("friends' tables cannot be listed yet")
    flags = {}
    for name in ("seats", "rated"):
        value = data.get(name, False)
        if value in ("1", "true"):
            value = True
        elif value in ("", "0", "false", None):
            value = False
        if not isinstance(value, bool):
            raise FilterError(f"{name} must be true or false")
        flags[name] = value
    return ListFilter(game=game, **flags)


def parse_before(value: Any) -> int | None:
    """The paging cursor: None (the newest tables) or a table id (tables older than it)."""
    if value in (None, ""):
        return None
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise FilterError("before must be a table id or null")
    return value


def has_free_seat(entry: dict[str, Any]) -> bool:
    return any(not s["name"] and not s["bot"] for s in entry["seats"])


def players_online() -> dict[str, int]:
    """Logged-in players with a table open now (their sockets' Presence rows, refreshed by
    their servers and dropped when a server dies) and the games being played."""
    players = Presence.objects.values("seat__user_id").distinct().count()
    games = Table.objects.filter(status=Table.Status.PLAYING).count()
    return {"players": players, "games": games}


def stage(state: State) -> dict[str, Any]:
    """How far a game has got, in numbers the lobby puts into words (games/sockets/lobby_rows.py):
    the game's own `stage` (games.engine.protocol)."""
    return state.game.stage(state)


def with_stages(tables: list[Table], states: dict[int, State]) -> list[dict[str, Any]]:
    """The lobby entries of `tables`, each with the `stage` of its game (None before the deal)."""
    return [{**lobby_entry(t), "stage": stage(states[t.pk]) if t.pk in states else None}
            for t in tables]  # fmt: skip


def lobby_tables_query(flt: ListFilter) -> Any:
    """The public tables open or in play that `flt` picks (a queryset, unordered)."""
    tables = Table.objects.filter(
        open_tables(), private=False, status__in=[Table.Status.OPEN, Table.Status.PLAYING]
    )  # a held board's tables are watched by nobody (games.reads.sight)
    if flt.game is not None:
        tables = tables.filter(game=flt.game)
    if flt.rated:
        tables = tables.filter(rated=True)
    if flt.seats:
        free = Seat.objects.filter(table=OuterRef("pk"), user__isnull=True, bot="")
        tables = tables.filter(Exists(free), status=Table.Status.OPEN)
    return tables


def listed_ids(flt: ListFilter) -> list[int]:
    """The ids of the tables `flt` picks, ascending (the pages' cursors,
    games/sockets/lobby_lists.py)."""
    return list(lobby_tables_query(flt).order_by("pk").values_list("pk", flat=True))


def page_tables(
    flt: ListFilter, before: int | None = None, rows: int = PAGE_ROWS, total: int | None = None
) -> tuple[list[dict[str, Any]], bool, int]:
    """One page of the lobby: the entries (with stages) of at most `rows` tables `flt`
    picks, newest first, older than table `before` if given; whether more follow; how many
    tables `flt` picks in all (counted unless given as `total`)."""
    query = lobby_tables_query(flt)
    total = query.count() if total is None else total
    if before is not None:
        query = query.filter(pk__lt=before)
    seats = Seat.objects.select_related("user").order_by("index")
    tables = list(
        query.select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-pk")[: rows + 1]
    )
    more = len(tables) > rows
    tables = tables[:rows]
    return with_stages(tables, states_for(_playing(tables))), more, total


def lobby_entry_of(table: Table) -> dict[str, Any] | None:
    """`table`'s entry in the lobby (with its stage), or None if the lobby does not list it
    (private, a held board's, or neither open nor in play)."""
    if table.private or table.status not in (Table.Status.OPEN, Table.Status.PLAYING):
        return None
    if not cards_open(table, None):
        return None
    return with_stages([table], states_for(_playing([table])))[0]


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
        seat = getattr(user_seat(table, user), "index", None)
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


def lobby_version() -> int:
    """The lobby's version: one more for every change to a public table the lobby lists,
    counted in the cache all servers share. It starts from the clock (milliseconds) when the
    cache has none, so a cache that was emptied never goes back to a version a page holds."""
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, int(time.time() * 1000), timeout=None)
        version = cache.get(VERSION_KEY)
    return int(version)


def lobby_version_bump() -> int:
    """The next lobby version (after a change the lobby must hear of)."""
    try:
        return int(cache.incr(VERSION_KEY))
    except ValueError:  # no version yet (a new or emptied cache)
        lobby_version()
        return int(cache.incr(VERSION_KEY))


def entry_key(entry: dict[str, Any]) -> str:
    """A lobby entry as one text: the key its rendered rows are cached by
    (games/sockets/lobby_rows.py), which a row change carries so that no socket encodes it
    again."""
    return json.dumps(entry, sort_keys=True, default=str)


def pool_counts() -> list[dict[str, Any]]:
    """How many people wait in each line of the quick-play pool (lines nobody waits in are
    left out): game, players, rated, waiting."""
    rows = (
        PoolEntry.objects.filter(pending=False)  # an invitation not yet accepted waits for no table
        .values("line__game", "line__players", "line__rated")
        .annotate(waiting=Count("id"))
        .order_by("line__game", "line__players", "line__rated")
    )
    return [{"game": r["line__game"], "players": r["line__players"], "rated": r["line__rated"],
             "waiting": r["waiting"]} for r in rows]  # fmt: skip


def pool_waiting(user_id: int | None, channel: str) -> bool:
    """Whether `user_id` waits in the pool from the socket `channel`."""
    return PoolEntry.objects.filter(user_id=user_id, channel=channel).exists()
