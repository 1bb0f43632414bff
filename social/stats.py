"""A player's statistics per game, counted from the stored records (records.GamePlayer, one
row per seat of every finished game): games, wins, average place, completion rate (games
played to the end rather than resigned or left: a game whose seat a stand-in bot played for
the most part, or at its end, was left: docs/rules.md §4.4), and head to head against the
viewer (games both sat at, and who finished ahead). Annulled games are left out, and practice
games ("play from here", GameRecord.practice): not games played, as for ratings, XP, fair play
and the pool's completion rate (rankings.leavers.completion)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Avg, Count, F, Q

from games.engine.descriptors import partner
from rankings.outcome import LEFT_RUN
from rankings.selectors import GAMES, player_ratings, rating_history
from records.models import GamePlayer


@dataclass(frozen=True)
class HeadToHead:
    games: int  # games the two sat at together
    ahead: int  # games the player finished ahead of the viewer
    behind: int  # games the viewer finished ahead
    tied: int  # the same place as opponents (a tie)
    partners: int = 0  # games they played as partners (Whist), one side's place


@dataclass(frozen=True)
class GameStats:
    game: str
    games: int
    wins: int
    average_place: float | None
    completed: int  # played to the end (not resigned, not left to a stand-in)
    rating: Any  # rankings.Rating, or None before a rated game
    history: list[tuple[Any, int]]  # (finished, rating after), oldest first
    head_to_head: HeadToHead | None

    @property
    def completion_rate(self) -> float | None:
        return self.completed / self.games if self.games else None


def _counted(user: Any):
    """The player's seats that count: not annulled, not practice."""
    rows = GamePlayer.objects.filter(user=user, practice=False)
    return rows.exclude(result=GamePlayer.Result.ANNULLED)


def player_stats(player: Any, viewer: Any = None, ratings: bool = True) -> list[GameStats]:
    """One entry per game the player has finished, in the site's order of games; without
    `ratings`, no rating or history (the profile shows rankings' own, with its chart). Other
    people (and visitors) see the player's public games only; the player sees them all."""
    own = viewer is not None and viewer.is_authenticated and viewer.pk == player.pk
    counted = _counted(player) if own else _counted(player).filter(private=False)
    rows = (
        counted.values("game").annotate(
            n=Count("id"),
            wins=Count("id", filter=Q(won=True)),
            place=Avg("place"),
            completed=Count(
                "id",
                filter=Q(
                    resigned=False,
                    own_decisions__gte=F("stand_in_decisions"),
                    stand_in_last__lt=LEFT_RUN,
                ),
            ),
        )  # fmt: skip
    )
    by_game = {r["game"]: r for r in rows}
    rated = player_ratings(player) if ratings else {}
    history = rating_history(player) if ratings else {}
    h2h = head_to_head(player, viewer)
    order = [g for g in GAMES if g in by_game] + sorted(set(by_game) - set(GAMES))
    return [
        GameStats(
            game=g,
            games=by_game[g]["n"],
            wins=by_game[g]["wins"],
            average_place=by_game[g]["place"],
            completed=by_game[g]["completed"],
            rating=rated[g]["rating"] if g in rated else None,
            history=history.get(g, []),
            head_to_head=h2h.get(g),
        )  # fmt: skip
        for g in order
    ]


def head_to_head(player: Any, viewer: Any) -> dict[str, HeadToHead]:
    """Per game, the games `player` and `viewer` finished at one table (two queries)."""
    if viewer is None or not viewer.is_authenticated or viewer.pk == player.pk:
        return {}
    together = _counted(player).values("record_id")
    viewer_seat = {
        record_id: (place, seat)
        for record_id, place, seat in _counted(viewer)
        .filter(record_id__in=together)
        .values_list("record_id", "place", "seat")
    }
    mine = _counted(player).filter(record_id__in=_counted(viewer).values("record_id"))
    mine = mine.values_list("game", "record_id", "place", "seat")
    counts: dict[str, list[int]] = {}
    for game, record_id, place, seat in mine:
        c = counts.setdefault(game, [0, 0, 0, 0, 0])
        other, other_seat = viewer_seat[record_id]
        c[0] += 1
        if partner(game, seat) == other_seat:
            c[4] += 1
        else:
            c[1 if place < other else 2 if place > other else 3] += 1
    return {g: HeadToHead(*c) for g, c in counts.items()}
