"""Which puzzle comes next: the one nearest a player's puzzle rating that they have not tried,
the day's puzzle (the same for everyone, chosen once), and the streak's next one (a little
harder each time)."""

from __future__ import annotations

import datetime
from collections.abc import Collection
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Func, QuerySet

from learning.models import DailyPuzzle, Puzzle, PuzzleTry
from learning.puzzles import rate

STREAK_START, STREAK_STEP = 1300, 40  # the streak's first level, and how much each one adds


class _Abs(Func):
    function = "ABS"


def shown() -> QuerySet:
    """Puzzles that may be offered: not from a game a moderator annulled since it was cut."""
    return Puzzle.objects.filter(record__annulled=False)


def _nearest(rows: QuerySet, level: int) -> Puzzle | None:
    """The puzzle of `rows` whose rating is nearest `level` (the lower id on a tie): the first
    at or above it and the first below it, each read along the rating's index."""
    above = rows.filter(rating__gte=level).order_by("rating", "pk").first()
    below = rows.filter(rating__lt=level).order_by("-rating", "pk").first()
    found = [p for p in (above, below) if p is not None]
    return min(found, key=lambda p: (abs(p.rating - level), p.pk), default=None)


def next_for(user: Any, level: int, seen: Collection[int] = ()) -> Puzzle | None:
    """The untried puzzle nearest `level` (a player's tried ones and `seen` left out); when
    every one was tried, the nearest of all but `seen`."""
    rows = shown().exclude(pk__in=list(seen))
    if user is not None and user.is_authenticated:
        tried = PuzzleTry.objects.filter(user=user).values("puzzle")
        found = _nearest(rows.exclude(pk__in=tried), level)
        if found is not None:
            return found
    return _nearest(rows, level)


def daily(day: datetime.date) -> Puzzle | None:
    """The puzzle of `day`: chosen the first time it is asked for, nearest the centre among
    those never a day's puzzle, newest first on a tie; the same for everyone afterwards. One
    whose game was annulled since gives way to a new choice."""
    chosen = DailyPuzzle.objects.filter(day=day).select_related("puzzle__record").first()
    if chosen is not None and not chosen.puzzle.record.annulled:
        return chosen.puzzle
    if chosen is not None:
        DailyPuzzle.objects.filter(day=day, puzzle=chosen.puzzle_id).delete()
    used = DailyPuzzle.objects.values("puzzle")
    candidate = (
        shown()
        .exclude(pk__in=used)
        .annotate(gap=_Abs(F("rating") - round(rate.CENTRE)))
        .order_by("gap", "-pk")
        .first()
    )
    if candidate is None:
        return None
    try:
        with transaction.atomic():
            DailyPuzzle.objects.create(day=day, puzzle=candidate)
    except IntegrityError:
        pass  # chosen at the same moment by another request: theirs stands
    return DailyPuzzle.objects.select_related("puzzle").get(day=day).puzzle


def streak_next(count: int, seen: Collection[int], user: Any = None) -> Puzzle | None:
    """The streak's puzzle after `count` right answers: nearest STREAK_START + count steps, at
    that level or above where there is one, none of `seen` (the streaks' puzzles so far) nor,
    for a signed-in player, one they answered before: a streak never serves a puzzle whose
    answer its player was shown."""
    level = STREAK_START + STREAK_STEP * count
    rows = shown().exclude(pk__in=list(seen))
    if user is not None and user.is_authenticated:
        rows = rows.exclude(pk__in=PuzzleTry.objects.filter(user=user).values("puzzle"))
    return _nearest(rows.filter(rating__gte=level), level) or _nearest(rows, level)
