"""A table's row and its seats as a version left them, held per process, as its state is
(games/gamestate.py): what a compare-and-set move is checked against in the process
(games/services/move_cas.py). Filled by every change whose table and seats were in hand
(games/services/moves.py `commit`), by a state's build (games/sockets/state_cache.py) and by
another process's move, applied to the version before it (`advance`).

Held values may be stale: the move's statement checks them against the database (the
table's fields by value, the seats by `digest`) and takes the locked path if they differ.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from games.models import Seat, Table

KEPT = 1024  # tables
# The table's fields a move reads and writes; a change that writes one of them without a new
# version (a timer's due time, a held board let go) is caught by value, in the statement.
CHECKED = ("version", "moves", "status", "turn_deadline", "timer_due", "board_held")
_held: OrderedDict[int, tuple[Table, list[Seat]]] = OrderedDict()
_lock = threading.Lock()


def hold(table: Table, seats: list[Seat]) -> None:
    """Keep copies of `table` and `seats` (committed) if newer than what is held."""
    kept = _copies(table, seats)
    with _lock:
        held = _held.get(table.pk)
        if held is not None and held[0].version >= table.version:
            return
        _held[table.pk] = kept
        _held.move_to_end(table.pk)
        while len(_held) > KEPT:
            _held.popitem(last=False)


def take(table_id: int) -> tuple[Table, list[Seat]] | None:
    """Copies of the held table and seats (the caller may change them), if any."""
    with _lock:
        held = _held.get(table_id)
    return None if held is None else _copies(*held)


def advance(table_id: int, move: dict[str, Any]) -> None:
    """Another process committed a move (as a broadcast carries it: games/broadcast.py,
    with the table's new fields and the seats' `away` it set): if this process holds the
    version just before, hold the new one."""
    after = move.get("table")
    with _lock:
        held = _held.get(table_id)
    # Each socket of the table hears the move: the first one here advances, the rest find
    # the version held already and copy nothing.
    if after is None or held is None or held[0].version != after["version"] - 1:
        return
    table, seats = _copies(*held)
    for name, value in after.items():
        setattr(table, name, _datetime(value) if name in ("turn_deadline", "timer_due") else value)
    for index, away in move.get("away") or ():
        seats[index].away = away
    hold(table, seats)


def after_move(table: Table, away: Mapping[int, bool] | None) -> dict[str, Any]:
    """What `advance` needs of a committed move beside the move itself (sent as text)."""
    fields = {name: getattr(table, name) for name in (*CHECKED, "game_version")}
    for name in ("turn_deadline", "timer_due"):
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


def _copies(table: Table, seats: list[Seat]) -> tuple[Table, list[Seat]]:
    """Copies whose fields can change without changing the originals (a seat keeps its
    user, shared: nothing of a user changes in a move)."""
    return _copy(table), [_copy(s) for s in seats]


def _copy(row: Any) -> Any:
    """As `copy.copy` of a model copies it (its `__getstate__`), without its pickling's
    class lookup: a move copies five rows twice."""
    new = row.__class__.__new__(row.__class__)
    new.__dict__ = row.__dict__.copy()
    new._state = copy.copy(row._state)
    new._state.fields_cache = row._state.fields_cache.copy()
    return new


def _datetime(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value is not None else None
