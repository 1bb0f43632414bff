"""The rating changes the history and game pages show, read through the functions rankings
names as it starts (rankings/apps.py): rankings is above records (it scores the games
records stored), so records imports nothing of it. Without rankings, no changes are shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Rankings (an app above records) names, as it starts, the functions that read the rating
# changes it keeps (rankings/apps.py); records imports nothing of rankings.
PlayerChanges = Callable[[list[int], Any], dict[int, int]]
SeatChanges = Callable[[int], dict[int, int]]
_changes: dict[str, Any] = {}


def rating_changes_from(player: PlayerChanges, seats: SeatChanges) -> None:
    """The functions giving {game: a player's rating change} for a list of stored games, and
    {seat: rating change} of one game: rated games scored and not annulled, one query each."""
    _changes.update(player=player, seats=seats)


def rating_changes(record_ids: list[int], user: Any) -> dict[int, int]:
    """{game: `user`'s rating change} for the history rows (none for an empty page, or with
    no rankings)."""
    if not record_ids or "player" not in _changes:
        return {}
    found: dict[int, int] = _changes["player"](record_ids, user)
    return found


def seat_changes(record_id: int) -> dict[int, int]:
    """{seat: rating change} of one game's seats, bots' too, for the game page."""
    if "seats" not in _changes:
        return {}
    found: dict[int, int] = _changes["seats"](record_id)
    return found
