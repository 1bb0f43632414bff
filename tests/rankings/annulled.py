"""What the annulment tests compare: everything rankings wrote, and the same games scored
again by the real bookkeeping on an empty rankings state (as a fresh database would)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from rankings.models import Achievement, GameScore, LevelUp, Progress, Rating, SeatResult
from rankings.services import game_score_create


def snapshot() -> dict[str, Any]:
    """Every rating, result, progress row, achievement, level-up and user level that counts
    (rows of annulled games and rows without a game are left out: nothing shows them)."""
    results = SeatResult.objects.filter(annulled=False)
    return {
        "ratings": {
            (r.game, r.user_id, r.bot): (r.mu, r.sigma, r.display, r.games, r.wins, r.last_played)
            for r in Rating.objects.filter(games__gt=0)
        },
        "results": {
            (r.table_id, r.seat): (
                r.mu_before, r.sigma_before, r.mu_after, r.sigma_after, r.rating_before,
                r.rating_after, r.rated_games, r.xp, r.level_before, r.level_after,
                r.achievements, r.unlocks,
            )
            for r in results
        },
        "progress": {
            p.user_id: (p.xp, p.level, p.games, p.wins, p.rated_wins)
            for p in Progress.objects.filter(games__gt=0)
        },
        "achievements": set(Achievement.objects.values_list("user", "code", "table", "earned")),
        "levels": set(LevelUp.objects.values_list("user", "level", "table", "reached")),
        "user levels": dict(get_user_model().objects.values_list("pk", "level")),
    }  # fmt: skip


def scored_afresh(table_ids: list[int]) -> dict[str, Any]:
    """The snapshot after emptying rankings and scoring these tables, in this order, by the
    bookkeeping."""
    for model in (SeatResult, GameScore, Rating, Progress, Achievement, LevelUp):
        model.objects.all().delete()
    get_user_model().objects.update(level=1)
    for table_id in table_ids:
        assert game_score_create(table_id) is not None
    return snapshot()


def differences(got: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """Readable differences between two snapshots (empty when equal)."""
    out = []
    for part, want in expected.items():
        have = got[part]
        if isinstance(want, dict):
            for key in sorted(set(want) | set(have), key=str):
                if want.get(key) != have.get(key):
                    out.append(f"{part} {key}: {have.get(key)} != expected {want.get(key)}")
        elif have != want:
            out.append(f"{part}: extra {sorted(have - want)}, missing {sorted(want - have)}")
    return out
