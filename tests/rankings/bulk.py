"""Many stored games at once, for the query-count tests and bench/rankings.py: players, finished
tables with their seats, scores, results, ratings, progress and achievements, in bulk."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Seat, Table
from rankings.models import Achievement, GameScore, Progress, Rating, SeatResult
from rankings.rating import display

GAMES = ("knockout", "whist", "german")
BATCH = 2000


def build(players: int = 1000, games: int = 10_000, seed: int = 1) -> list[Any]:
    """`games` finished rated two-player games among `players` players; returns the users."""
    rng = random.Random(seed)
    now = timezone.now()
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"p{i:04d}", display_name=f"Player {i}", password="!")
         for i in range(players)], batch_size=BATCH,
    )  # fmt: skip
    tables = Table.objects.bulk_create(
        [Table(game=GAMES[i % 3], players=2, status=Table.Status.FINISHED, rated=True, seed=i,
               started=now, finished=now - timedelta(minutes=i)) for i in range(games)],
        batch_size=BATCH,
    )  # fmt: skip
    pairs = [rng.sample(users, 2) for _ in tables]
    Seat.objects.bulk_create(
        [Seat(table=t, index=i, user=u) for t, pair in zip(tables, pairs, strict=True)
         for i, u in enumerate(pair)], batch_size=BATCH,
    )  # fmt: skip
    scores = GameScore.objects.bulk_create(
        [GameScore(table=t, game=t.game, rated=True, finished=t.finished) for t in tables],
        batch_size=BATCH,
    )
    SeatResult.objects.bulk_create(_results(rng, scores, pairs), batch_size=BATCH)
    _ratings(rng, users)
    Progress.objects.bulk_create([Progress(user=u, xp=rng.randrange(3000)) for u in users])
    Achievement.objects.bulk_create(
        [Achievement(user=u, code=c, earned=now) for u in users for c in ("first_rated",)]
    )
    return users


def _results(rng: random.Random, scores: list[GameScore], pairs: list[list[Any]]) -> list:
    rows = []
    for score, pair in zip(scores, pairs, strict=True):
        for seat, user in enumerate(pair):
            before = rng.randrange(900, 1800)
            rows.append(SeatResult(
                score=score, table_id=score.table_id, seat=seat, user=user, game=score.game,
                finished=score.finished, place=seat + 1, won=seat == 0, resigned=False,
                counted=True, rated=True, xp=25 if seat == 0 else 10, rating_before=before,
                rating_after=before + (12 if seat == 0 else -12), rated_games=20,
            ))  # fmt: skip
    return rows


def _ratings(rng: random.Random, users: list[Any]) -> None:
    now = timezone.now()
    rows = []
    for user in users:
        for game in GAMES:
            mu, sigma = rng.uniform(15, 35), rng.uniform(2, 8)
            rows.append(Rating(game=game, user=user, mu=mu, sigma=sigma, display=display(mu, sigma),
                               games=rng.randrange(1, 40), wins=rng.randrange(0, 10),
                               last_played=now - timedelta(days=rng.randrange(60))))  # fmt: skip
    for game in GAMES:
        for level in ("beginner", "club", "expert"):
            rows.append(Rating(game=game, bot=level, mu=25.0, sigma=3.0, display=display(25, 3),
                               games=500, wins=250, last_played=now))  # fmt: skip
    Rating.objects.bulk_create(rows, batch_size=BATCH)
