"""When a game's cards may be shown beyond a seat's own view: the one check every page,
download, replay, analysis, watch link, socket and admin page that can show cards asks."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from accounts.staff_powers import staff_may
from games.models import Table

# The fair-play right: staff who hold it may look at a held board (a fair-play review).
FAIR_PLAY_RIGHT = "games.see_held_board"


def cards_open(table: Table, user: Any) -> bool:
    """Whether `user` may see `table`'s cards beyond their own seat's view (watch it, open its
    record, replay, analysis or admin rows). A duplicate board's table stays closed to
    everyone, its own players included, until every table of the board has finished
    (docs/rules.md §5.7); only the fair-play right opens it before."""
    if not table.board_held:
        return True
    return staff_may(user, FAIR_PLAY_RIGHT)


def open_tables(prefix: str = "") -> Q:
    """The rows whose table is not held, as a filter (`prefix`: the path to the table, e.g.
    "table__"): the same rule as `cards_open` for lists that are read in bulk."""
    return Q(**{f"{prefix}board_held": False})
