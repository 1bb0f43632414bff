"""Reads of rankings: leaderboards, a player's ratings and history, awards of a game, and the
rating changes other apps show (records' history rows)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db.models import Count, F, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from games.engine.descriptors import GAMES_BY_NAME
from rankings.leavers import rated_wait
from rankings.models import RATING_COUNTS, Achievement, Progress, Rating, SeatResult
from rankings.progression import XP_GAME, XP_WIN
from rankings.rating import PROVISIONAL_GAMES, display, initial

GAMES = tuple(GAMES_BY_NAME)  # the engine's games, in its order: no list of our own
ACTIVE_DAYS = 30
HISTORY_POINTS = 100
RECENT_GAMES = 10


def rating_changes(table_ids: Iterable[int], user: Any = None) -> dict[tuple[int, int], int]:
    """{(table_id, user_id): change of the shown rating} for rated games (of `user` only, if
    given), in one query. An annulled game changed nobody's rating: it has none."""
    rows = SeatResult.objects.filter(
        table_id__in=list(table_ids), user__isnull=False, rated=True, annulled=False
    )
    if user is not None:
        rows = rows.filter(user=user)
    values = rows.values_list("table_id", "user_id", "rating_before", "rating_after")
    return {(t, u): after - before for t, u, before, after in values}


def player_changes(table_ids: list[int], user: Any) -> dict[int, int]:
    """{table_id: `user`'s change of the shown rating}: rating_changes of one player, for
    the history rows of records (named in rankings/apps.py)."""
    return {table: change for (table, _user), change in rating_changes(table_ids, user).items()}


def seat_changes(table_id: int) -> dict[int, int]:
    """{seat: change of the shown rating} of one rated game, bots' seats too (one query);
    empty for a casual or annulled game, or one not scored yet."""
    rows = SeatResult.objects.filter(table_id=table_id, rated=True, annulled=False)
    values = rows.values_list("seat", "rating_before", "rating_after")
    return {seat: after - before for seat, before, after in values}


def leaderboard(game: str, bots: bool = False, active: bool = False) -> QuerySet[Rating]:
    """The ratings of one game, best first: humans, or bots (who never drop out: no filter)."""
    rows = Rating.objects.filter(game=game, games__gt=0)
    if bots:
        return rows.filter(user__isnull=True).order_by("-display", "id")
    # docs/rules.md §4.3: only established players are listed
    rows = rows.filter(user__isnull=False, user__is_active=True, games__gte=PROVISIONAL_GAMES)
    if active:
        rows = rows.filter(last_played__gte=timezone.now() - timedelta(days=ACTIVE_DAYS))
    return rows.select_related("user").order_by("-display", "id")


def is_provisional(rating: Rating) -> bool:
    return rating.games < PROVISIONAL_GAMES


def player_ratings(user: Any) -> dict[str, dict[str, Any]]:
    """Per game: the player's rating row and rank among humans (two queries for all games)."""
    rows = {r.game: r for r in Rating.objects.filter(user=user, games__gt=0)}
    if not rows:
        return {}
    counts = {
        game: Count("id", filter=Q(game=game, display__gt=r.display) | Q(
            game=game, display=r.display, id__lt=r.id))
        for game, r in rows.items()
    }  # fmt: skip
    established = Rating.objects.filter(
        user__isnull=False, user__is_active=True, games__gte=PROVISIONAL_GAMES
    )
    above = established.aggregate(**counts)
    return {
        game: {
            "rating": r,
            "rank": above[game] + 1,
            "provisional": is_provisional(r),
            "games_to_rank": max(0, PROVISIONAL_GAMES - r.games),
        }
        for game, r in rows.items()
    }


def rating_history(user: Any) -> dict[str, list[tuple[Any, int]]]:
    """Per game, the player's last HISTORY_POINTS rated games as (finished, rating after),
    oldest first (one query)."""
    numbered = (
        SeatResult.objects.filter(RATING_COUNTS, user=user, rated=True, annulled=False)
        .annotate(n=Window(RowNumber(), partition_by=F("game"), order_by=F("finished").desc()))
        .filter(n__lte=HISTORY_POINTS)
        .values_list("game", "finished", "rating_after")
    )
    history: dict[str, list[tuple[Any, int]]] = {}
    for game, finished, after in numbered:
        history.setdefault(game, []).append((finished, after))
    return {game: sorted(points) for game, points in history.items()}


def recent_results(user: Any, limit: int = RECENT_GAMES, private: bool = True) -> list[SeatResult]:
    """The player's latest scored games, newest first, with their rating change; without
    `private`, their public games only (what others see, as social.stats counts)."""
    rows = SeatResult.objects.filter(user=user)
    if not private:
        rows = rows.filter(table__private=False)
    return list(rows.order_by("-finished", "-id")[:limit])


def progress_of(user: Any) -> Progress:
    """The player's XP and level (a blank one before their first complete game)."""
    return Progress.objects.filter(user=user).first() or Progress(user=user)


def achievement_codes(user: Any) -> list[str]:
    return list(Achievement.objects.filter(user=user).values_list("code", flat=True))


def achievements_of(user: Any) -> list[Achievement]:
    return list(Achievement.objects.filter(user=user).order_by("earned", "id"))


def awards_dict(result: SeatResult) -> dict[str, Any]:
    """What one game brought a player, as the `awards` message and endpoint carry it."""
    rating = None
    if result.rated and not result.annulled and result.rating_after is not None:
        rating = {
            "before": result.rating_before,
            "after": result.rating_after,
            "change": result.change,
            "provisional": result.rated_games < PROVISIONAL_GAMES,
        }
    return {
        "game": result.game,
        "rated": result.rated,
        # why the rating moved as it did: docs/rules.md §4.3 (early end) and docs/rules.md §4.4
        "early": result.rated and result.early,
        "left": result.left,
        "resigned": result.resigned,
        "xp_cut": _xp_cut(result),
        "wait_until": _wait_until(result),
        "annulled": result.annulled,
        "rating": rating,
        "xp": result.xp,
        "level": {"before": result.level_before, "after": result.level_after},
        "achievements": list(result.achievements),
        "unlocks": [{"kind": kind, "id": design} for kind, design in result.unlocks],
    }


def _wait_until(result: SeatResult) -> str | None:
    """When a player who left this rated game may play the next (docs/rules.md §4.4), ISO."""
    left = result.left or (result.early and result.resigned)
    if not (result.rated and left and result.user_id):
        return None
    wait = rated_wait(result.user_id)
    return wait.until.isoformat() if wait is not None else None


def _xp_cut(result: SeatResult) -> bool:
    """The game's XP was cut because its players had met often (docs/rules.md §4.3)."""
    full = XP_WIN if result.won else XP_GAME
    earned = result.level_after is not None and result.counted and not result.resigned
    return earned and not result.early and result.xp < full


def awards_for(table_id: int, user: Any) -> dict[str, Any] | None:
    """The awards of `user` at a scored game; None if not scored (yet) or not their game."""
    row = SeatResult.objects.filter(table_id=table_id, user=user).first()
    return awards_dict(row) if row is not None else None


def rating_shown(user: Any, game: str) -> int:
    """The rating people see of `user` in `game`; a newcomer's (1000) if they have none."""
    shown = Rating.objects.filter(user=user, game=game).values_list("display", flat=True).first()
    return int(shown) if shown is not None else display(*initial())
