"""A table's row and its seats as a version left them, held per process, as its state is
(games/gamestate.py): what a compare-and-set move is checked against in the process
(games/services/move_cas.py). Filled by every change whose table and seats were in hand
(games/services/moves.py `commit`), by a state's build (games/sockets/state_cache.py) and by
another process's move, applied to the version before it (`advance`).

Held as plain values, not model instances: per table one tuple of the table's columns and
one per seat (its columns, its open sockets, whether its user is banned, and of its user
what a move's broadcast reads: PLAYER); `take` makes the instances a move changes from
them, the user's other fields deferred (read from the database if asked for, as after
`only()`). A model instance is a dictionary of its fields and a state object of its own,
and every process holds nearly every table that has a socket in it.

Held values may be stale: the move's statement checks them against the database (the
table's fields by value, the seats by `digest`) and takes the locked path if they differ.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from datetime import datetime
from functools import cache
from operator import attrgetter
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model
from django.db.models.base import ModelState

from games.models import Seat, Table

KEPT = 1024  # tables
# What a move's broadcast reads of a seat's user (games/reads/messages.py: its name, level,
# card back and whether it hides levels); the user's other fields are not held.
PLAYER = ("id", "username", "display_name", "level", "card_back", "hide_ratings")
# The table's fields a move reads and writes; a change that writes one of them without a new
# version (a timer's due time, a held board let go) is caught by value, in the statement.
CHECKED = ("version", "moves", "status", "turn_deadline", "timer_due", "board_held")
_DATES = ("turn_deadline", "timer_due")  # sent as text in a broadcast's move


class Held(NamedTuple):
    """One table as a version left it: the table's columns (in its model's order), and per
    seat its columns, its open sockets (None: not counted), whether its user is banned and
    its user's columns (none for a seat without a user), one tuple each."""

    table: tuple[Any, ...]
    seats: tuple[tuple[Any, ...], ...]


class _Shape:
    """Where a model's held columns go: its fields' attribute names (`names`, else all its
    columns), in `_meta` order."""

    def __init__(self, model: type[Model], names: tuple[str, ...] | None = None) -> None:
        self.model = model
        fields = model._meta.concrete_fields
        self.names = tuple(f.attname for f in fields if names is None or f.attname in names)
        self.size = len(self.names)
        self.values = attrgetter(*self.names)
        self.index = {name: i for i, name in enumerate(self.names)}

    def build(self, values: tuple[Any, ...] | list[Any]) -> Any:
        """The instance `Model.from_db` makes of these columns (the model's others deferred),
        without the field by field work of its `__init__` (two thirds of its time):
        tests/games/test_held_rows.py compares the two."""
        row: Any = object.__new__(self.model)
        row.__dict__.update(zip(self.names, values, strict=True))
        state = row._state = ModelState()
        state.adding, state.db = False, DEFAULT_DB_ALIAS
        return row


@cache
def _shapes() -> tuple[_Shape, _Shape, _Shape, Any]:
    """The table's, the seat's and the user's shapes, and the seat's user field."""
    user = _Shape(get_user_model(), PLAYER)
    return _Shape(Table), _Shape(Seat), user, Seat._meta.get_field("user")


class Taken(list[Seat]):
    """The seats `take` made, with the held values they were made from (`held`): `hold`
    keeps those values again rather than reading them back from the instances, unless a
    seat's `away`, the one seat field a change sets on them (games/services/moves.py
    `commit`), differs."""

    __slots__ = ("held",)
    held: tuple[tuple[Any, ...], ...]


_held: OrderedDict[int, Held] = OrderedDict()
_lock = threading.Lock()


def hold(table: Table, seats: list[Seat]) -> None:
    """Keep the values of `table` and `seats` (committed) if newer than what is held; the
    seats as a change reads them (games/reads/queries.py `table_seats`: their users in hand)."""
    table_shape, _, _, _ = _shapes()
    with _lock:
        found = _held.get(table.pk)
    if found is not None and found.table[table_shape.index["version"]] >= table.version:
        return
    kept = _unchanged(table, seats) if type(seats) is Taken else None
    kept = kept or _values(table, seats)
    if kept is not None:
        _keep(table.pk, kept)


def take(table_id: int) -> tuple[Table, list[Seat]] | None:
    """The held table and seats as instances of their own (the caller may change them)."""
    with _lock:
        found = _held.get(table_id)
    if found is None:
        return None
    table_shape, seat_shape, user_shape, user_field = _shapes()
    seats = Taken()
    seats.held = found.seats
    for values in found.seats:
        seat = seat_shape.build(values[: seat_shape.size])
        sockets, seat.user_banned = values[seat_shape.size : seat_shape.size + 2]
        if sockets is not None:
            seat.open_sockets = sockets
        if seat.user_id is None:
            user_field.set_cached_value(seat, None)
        else:
            user_field.set_cached_value(seat, user_shape.build(values[seat_shape.size + 2 :]))
        seats.append(seat)
    return table_shape.build(found.table), seats


def advance(table_id: int, move: dict[str, Any]) -> None:
    """Another process committed a move (as a broadcast carries it: games/broadcast.py,
    with the table's new fields and the seats' `away` it set): if this process holds the
    version just before, hold the new one."""
    after = move.get("table")
    table_shape, seat_shape, _, _ = _shapes()
    with _lock:
        found = _held.get(table_id)
    if after is None or found is None:
        return
    if found.table[table_shape.index["version"]] != after["version"] - 1:
        return
    table = list(found.table)
    for name, value in after.items():
        table[table_shape.index[name]] = _datetime(value) if name in _DATES else value
    seats = list(found.seats)
    away = seat_shape.index["away"]
    for index, value in move.get("away") or ():
        seats[index] = (*seats[index][:away], value, *seats[index][away + 1 :])
    _keep(table_id, Held(tuple(table), tuple(seats)))


def after_move(table: Table, away: Mapping[int, bool] | None) -> dict[str, Any]:
    """What `advance` needs of a committed move beside the move itself (sent as text)."""
    fields = {name: getattr(table, name) for name in (*CHECKED, "game_version")}
    for name in _DATES:
        fields[name] = fields[name].isoformat() if fields[name] is not None else None
    return {"table": fields, "away": [[i, v] for i, v in (away or {}).items()]}


def digest(seats: list[Seat]) -> str:
    """The seats as whist_seats_digest gives them (games/migrations/0017_seats_digest.py):
    who sits, a bot, away, a socket open, a ban in force."""
    return ",".join(
        f"{s.index}:{s.user_id or 0}:{s.bot}:{int(s.away)}:{int(s.connections > 0)}"
        f":{int(s.user_banned)}"
        for s in seats
    )


def clear() -> None:
    with _lock:
        _held.clear()


def _values(table: Table, seats: list[Seat]) -> Held | None:
    """`table` and `seats` as held; None if a seat's user is not in hand (not read: holding
    it would cost a query)."""
    table_shape, seat_shape, user_shape, user_field = _shapes()
    kept = []
    for seat in seats:
        head = (*seat_shape.values(seat), getattr(seat, "open_sockets", None), seat.user_banned)
        if seat.user_id is None:
            kept.append(head)
        elif user_field.is_cached(seat):
            kept.append(head + user_shape.values(user_field.get_cached_value(seat)))
        else:
            return None
    return Held(table_shape.values(table), tuple(kept))


def _unchanged(table: Table, seats: Taken) -> Held | None:
    """`table` and the seats' values as `take` found them, if no seat's `away` changed."""
    away = _shapes()[1].index["away"]
    if any(seat.away != values[away] for seat, values in zip(seats, seats.held, strict=True)):
        return None
    return Held(_shapes()[0].values(table), seats.held)


def _keep(table_id: int, kept: Held) -> None:
    version = _shapes()[0].index["version"]
    with _lock:
        found = _held.get(table_id)
        if found is not None and found.table[version] >= kept.table[version]:
            return
        _held[table_id] = kept
        _held.move_to_end(table_id)
        while len(_held) > KEPT:
            _held.popitem(last=False)


def _datetime(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value is not None else None
