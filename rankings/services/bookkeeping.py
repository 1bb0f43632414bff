"""The bookkeeping of a finished game, exactly once: result rows, ratings, XP, levels,
achievements and unlocks, all in one transaction, from the game as the records app stored it
(records.models: `GameRecord` and its `GamePlayer` seat rows, with each seat's place).

Exactly once: the game's score lock is taken (rankings.locks: rankings' own, no row of
games') and its GameScore (unique per table) checked under the lock, so a second or
concurrent run finds it and changes nothing. No deadlock between two games finishing at
once: rows that may be missing (ratings, progress) are inserted first in their own
statements, sorted (ON CONFLICT DO NOTHING), and the transaction then locks in one fixed
order: the game's score, ratings by id, progress by user id.
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import timedelta
from functools import partial

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from rankings import rating as openskill
from rankings.locks import score_lock
from rankings.models import GameScore, Progress, Rating, SeatResult
from rankings.outcome import (
    PRACTICE,
    SeatFacts,
    casual_reason,
    seat_facts,
    seat_rule,
    standard_rules,
)
from rankings.services.awards import awards_deliver
from rankings.services.progress import credit
from records.models import GamePlayer, GameRecord

OVERDUE = timedelta(minutes=1)
OVERDUE_BATCH = 100


def game_score_create(table_id: int) -> GameScore | None:
    """Score a finished game from its stored record (records.models: the game and its seat
    rows); None if it is not stored or was scored already."""
    stored = GameRecord.objects.defer("record").filter(pk=table_id).first()
    if stored is None:
        return None
    rows = list(stored.seat_rows.order_by("seat"))
    _ensure_rows(stored, rows)
    with transaction.atomic():
        # The game's score lock (rankings.locks), which annulling takes too: a second or
        # concurrent run finds the GameScore. A game annulled before its bookkeeping ran has
        # a GameScore already (annulled, no seats), written under this same lock: never scored.
        score_lock(table_id)
        if GameScore.objects.filter(table_id=table_id).exists():
            return None
        record = GameRecord.objects.values_list("record", flat=True).get(pk=table_id)
        facts = seat_facts(rows, record)
        reason = casual_reason(stored, facts)
        score = GameScore.objects.create(
            table_id=table_id, game=stored.game, rated=not reason, casual_reason=reason,
            finished=stored.finished,
        )  # fmt: skip
        results = [_result(score, f) for f in facts]
        if score.rated:
            _rate(score, facts, results)
        if reason != PRACTICE:  # a practice game gives no XP either
            credit(score, record, facts, results)
        SeatResult.objects.bulk_create(results)
        transaction.on_commit(partial(awards_deliver, table_id, results))
    return score


def _ensure_rows(stored: GameRecord, rows: list[GamePlayer]) -> None:
    """Insert the ratings and progress rows the game may need that do not exist yet, in a
    fixed order, each batch one statement of its own (outside the locking transaction). A
    game that turns out not rated leaves rating rows without games, which nothing lists."""
    if stored.rated and standard_rules(stored):
        mu, sigma = openskill.initial()
        keys = sorted({(s.user_id or 0, s.bot) for s in rows if s.user_id or s.bot})
        Rating.objects.bulk_create(
            [Rating(game=stored.game, user_id=uid or None, bot=bot, mu=mu, sigma=sigma,
                    display=openskill.display(mu, sigma)) for uid, bot in keys],
            ignore_conflicts=True,
        )  # fmt: skip
    humans = sorted({s.user_id for s in rows if s.user_id and not s.bot})
    Progress.objects.bulk_create([Progress(user_id=u) for u in humans], ignore_conflicts=True)


def _result(score: GameScore, f: SeatFacts) -> SeatResult:
    return SeatResult(
        score=score, table_id=score.table_id, seat=f.index, user_id=f.user_id, bot=f.bot,
        game=score.game, finished=score.finished, place=f.place, won=f.won,
        resigned=f.resigned, counted=f.counted, rated=score.rated, early=not f.played,
        left=f.left,
    )  # fmt: skip


def _rate(score: GameScore, facts: list[SeatFacts], results: list[SeatResult]) -> None:
    """New ratings for every seat, as OpenSkill rates the game (rankings.rating)."""
    rows = _locked_ratings(score.game, facts)
    key = [(f.user_id, f.bot) for f in facts]
    old = [(rows[k].mu, rows[k].sigma) for k in key]
    rules = [seat_rule(f, rows[k].games) for f, k in zip(facts, key, strict=True)]
    new = openskill.rate_game(score.game, old, rules)
    for result, (mu0, s0), (mu1, s1) in zip(results, old, new, strict=True):
        result.mu_before, result.sigma_before = mu0, s0
        result.mu_after, result.sigma_after = mu1, s1
        result.rating_before = openskill.display(mu0, s0)
    _apply(score, rows, key, old, new, facts)
    for result, k in zip(results, key, strict=True):
        result.rating_after, result.rated_games = rows[k].display, rows[k].games
    for row in rows.values():
        # One UPDATE per locked row: bulk_update's CASE expressions cost several ms of
        # Python per call here, a third of the bookkeeping (bench/rankings.py).
        Rating.objects.filter(pk=row.pk).update(
            mu=row.mu, sigma=row.sigma, display=row.display, games=row.games, wins=row.wins,
            last_played=row.last_played,
        )  # fmt: skip


def _locked_ratings(game: str, facts: list[SeatFacts]) -> dict[Hashable, Rating]:
    users = [f.user_id for f in facts if not f.bot]
    bots = [f.bot for f in facts if f.bot]
    rows = (
        Rating.objects.select_for_update()
        .filter(Q(user_id__in=users) | Q(bot__in=bots), game=game)
        .order_by("pk")
    )
    return {(r.user_id, r.bot): r for r in rows}


def _apply(
    score: GameScore,
    rows: dict[Hashable, Rating],
    key: list[tuple],
    old: list[tuple[float, float]],
    new: list[tuple[float, float]],
    facts: list[SeatFacts],
) -> None:
    """Write the new ratings (rankings.rating.merged: a bot level in several seats of one
    game moves by the mean of its seats' changes), games, wins and the last game's time."""
    for k, (mu, sigma) in openskill.merged(key, old, new).items():
        row = rows[k]
        row.mu, row.sigma = mu, sigma
        row.display = openskill.display(row.mu, row.sigma)
        mine = [facts[i] for i, kk in enumerate(key) if kk == k]
        if any(f.rating_counts for f in mine):  # docs/rules.md §4.3: the others of an early end
            row.games += 1
            row.wins += any(f.won for f in mine)
            row.last_played = score.finished


def game_scores_overdue() -> list[int]:
    """Stored games not scored a minute after their end (a lost task): their table ids."""
    cutoff = timezone.now() - OVERDUE
    due = GameRecord.objects.filter(finished__lt=cutoff).exclude(
        pk__in=GameScore.objects.values("table_id")
    )
    return list(due.order_by("finished").values_list("pk", flat=True)[:OVERDUE_BATCH])
