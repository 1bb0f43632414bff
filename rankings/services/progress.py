"""XP, levels, achievements and unlocks of one scored game, for the players who earn them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model

from rankings.achievements import Counts, Game, earned
from rankings.models import Achievement, GameScore, LevelUp, Progress, SeatResult
from rankings.outcome import SeatFacts
from rankings.progression import XP_REPEAT_HOURS, level_of, xp_for
from rankings.unlocks import newly_unlocked


def credit(
    score: GameScore, record: dict[str, Any], facts: list[SeatFacts], results: list[SeatResult]
) -> None:
    """Credit XP (docs/rules.md §4.1: once per complete game), levels, achievements and unlocks to
    the seats that earn them, writing their results' fields; progress rows locked by user id."""
    earners = [f for f in facts if f.earns]
    if not earners:
        return
    ids = [f.user_id for f in earners if f.user_id is not None]
    rows = Progress.objects.select_for_update().filter(user_id__in=ids).order_by("user_id")
    progress = {p.user_id: p for p in rows}
    had = _achievements_of(ids)
    game = Game(record, facts, score.rated)
    humans = [f.user_id for f in facts if f.human and f.user_id is not None]
    together = games_together(score, humans, ids)
    new_achievements, level_ups = [], []
    for f in earners:
        user_id = f.user_id
        if user_id is None:  # earns: a player's seat, never a bot's
            continue
        p, result = progress[user_id], results[f.index]
        before = (p.level, set(had[user_id]))
        xp = xp_for(f, together[user_id])
        _count(p, f, score.rated, xp)
        codes = earned(game, f, Counts(p.games, p.wins, p.rated_wins), had[user_id])
        result.xp, result.level_before, result.level_after = xp, before[0], p.level
        result.achievements = codes
        now = (p.level, before[1] | set(codes))
        result.unlocks = [list(u) for u in newly_unlocked(before, now)]
        new_achievements += [_achievement(score, user_id, code) for code in codes]
        level_ups += [_level_up(score, user_id, n) for n in range(before[0] + 1, p.level + 1)]
    _save(progress.values(), new_achievements, level_ups, results)


def _achievements_of(user_ids: list[int]) -> dict[int, set[str]]:
    had: dict[int, set[str]] = defaultdict(set)
    for user_id, code in Achievement.objects.filter(user_id__in=user_ids).values_list(
        "user_id", "code"
    ):
        had[user_id].add(code)
    return had


def games_together(score: GameScore, humans: list[int], earners: list[int]) -> dict[int, int]:
    """Per earner: the most games credited to both them and one same other human of this game
    in the XP_REPEAT_HOURS before it (docs/rules.md §4.3), one query; 0 alone among bots."""
    return together_at(score.table_id, score.finished, humans, earners)


def together_at(
    table_id: int, finished: Any, humans: list[int], earners: list[int]
) -> dict[int, int]:
    """games_together of the game at `table_id` that ended at `finished` (the annulment's
    replay asks it again, its annulled game left out)."""
    together = dict.fromkeys(earners, 0)
    if len(set(humans)) < 2:
        return together
    since = finished - timedelta(hours=XP_REPEAT_HOURS)
    rows = (
        SeatResult.objects.filter(user_id__in=humans, finished__gte=since, annulled=False)
        .filter(finished__lte=finished, level_after__isnull=False)  # both credited
        .exclude(table_id=table_id)
        .values_list("table_id", "user_id")
    )
    tables: dict[int, set[int]] = defaultdict(set)
    for table_id, user_id in rows:
        tables[table_id].add(user_id)
    for me in earners:
        mine = [seated for seated in tables.values() if me in seated]
        others = set(humans) - {me}
        together[me] = max((sum(o in seated for seated in mine) for o in others), default=0)
    return together


def _count(p: Progress, f: SeatFacts, rated: bool, xp: int) -> None:
    p.xp += xp
    p.level = level_of(p.xp)
    p.games += 1
    p.wins += f.won
    p.rated_wins += f.won and rated


def _achievement(score: GameScore, user_id: int, code: str) -> Achievement:
    return Achievement(user_id=user_id, code=code, table_id=score.table_id, earned=score.finished)


def _level_up(score: GameScore, user_id: int, level: int) -> LevelUp:
    return LevelUp(user_id=user_id, level=level, table_id=score.table_id, reached=score.finished)


def _save(
    progress: Iterable[Progress],
    achievements: list[Achievement],
    level_ups: list[LevelUp],
    results: list[SeatResult],
) -> None:
    for p in progress:  # one UPDATE per locked row (see bookkeeping._rate on bulk_update)
        Progress.objects.filter(pk=p.pk).update(
            xp=p.xp, level=p.level, games=p.games, wins=p.wins, rated_wins=p.rated_wins
        )
    if achievements:
        Achievement.objects.bulk_create(achievements)
    if level_ups:
        LevelUp.objects.bulk_create(level_ups)
    risen = sorted((r.user_id, r.level_after) for r in results if r.level_after != r.level_before)
    for user_id, level in risen:
        # accounts.User.level is the table's copy of the level; only this writes it.
        get_user_model().objects.filter(pk=user_id).update(level=level)
