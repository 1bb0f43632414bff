"""Annulling a game (a moderator's decision): its ratings, XP, levels, achievements and
unlocks become what they would have been had it never been played, exactly once.

Ratings are path-dependent: every later rated game of the same kind that shares a player
with the annulled one (or with a game reached that way) would have started from other
ratings. The replay takes those games in the order the bookkeeping rated them (SeatResult
ids: of two games that share a player, the one rated second waited for the first's rating
locks, so its rows have the higher ids), starts from the ratings the annulled game's players
had before it, and rewrites their SeatResults and the Rating rows. A later game that reaches
no affected player is left as it is: nothing it was rated from changed.

Exactly once and without deadlock: the bookkeeping's lock order (the game's score lock,
rankings.locks; ratings by id, here every rating of the game's kind; progress by user id),
and the GameScore's `annulled` flag set and checked under the score lock. A game annulled
before its bookkeeping ran gets an annulled GameScore without seats, so the bookkeeping
(which checks for a GameScore under that lock) never scores it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.db.models import F, Model, Q, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from games.models import Table
from rankings import rating as openskill
from rankings.locks import score_lock
from rankings.models import RATING_COUNTS, GameScore, Rating, SeatResult
from rankings.outcome import ANNULLED
from rankings.services.progress_annul import progress_replay

Key = tuple[int | None, str]  # (user id, "") for a player, (None, level) for a bot
BATCH = 500
RESULT_FIELDS = ["mu_before", "sigma_before", "mu_after", "sigma_after", "rating_before",
                 "rating_after", "rated_games"]  # fmt: skip
RATING_FIELDS = ["mu", "sigma", "display", "games", "wins", "last_played"]


def game_score_annul(table_id: int) -> bool:
    """Leave rankings as if the finished game at `table_id` had never been played; False if
    it was annulled already. Runs in its own transaction (or the caller's)."""
    with transaction.atomic():
        score_lock(table_id)
        table = Table.objects.defer("record").get(pk=table_id)
        score = GameScore.objects.filter(table_id=table_id).first()
        if score is None:
            GameScore.objects.create(
                table=table, game=table.game, rated=False, casual_reason=ANNULLED,
                finished=table.finished or timezone.now(), annulled=True,
            )  # fmt: skip
            return True
        if score.annulled:
            return False
        # The ratings are locked before the game's results are read: until then another
        # annulment (of an earlier game) may be rewriting their ratings before and after.
        ratings = _locked_ratings(score.game) if score.rated else {}
        GameScore.objects.filter(pk=score.pk).update(annulled=True)
        results = list(SeatResult.objects.filter(score=score).order_by("seat"))
        SeatResult.objects.filter(score=score).update(annulled=True)
        if score.rated and results:
            ratings_replay(score.game, results, ratings)
        progress_replay(results)
    return True


def _locked_ratings(game: str) -> dict[Key, Rating]:
    """Every rating of one game kind, locked by id (the bookkeeping's order)."""
    rows = Rating.objects.select_for_update().filter(game=game).order_by("pk")
    return {(r.user_id, r.bot): r for r in rows}


def key_of(result: SeatResult) -> Key:
    return (result.user_id, result.bot)


def ratings_replay(game: str, annulled: list[SeatResult], ratings: dict[Key, Rating]) -> int:
    """Rate again, without the annulled game, every later game of its kind that it reaches;
    write their SeatResults and the `ratings` (all of the kind, locked). Returns how many
    games were rated again."""
    state = {key_of(r): (r.mu_before, r.sigma_before) for r in annulled}
    gone = {key_of(r) for r in annulled if r.rating_counts}  # one rated game fewer
    replayed = []
    for seats in _later_games(game, min(r.pk for r in annulled)):
        keys = [key_of(r) for r in seats]
        if any(k in state for k in keys):
            _rate_again(game, seats, keys, state, gone)
            replayed += seats
    rewrite(SeatResult, replayed, RESULT_FIELDS)
    _write_ratings(game, ratings, state, annulled)
    return len({r.table_id for r in replayed})


def _later_games(game: str, after: int) -> list[list[SeatResult]]:
    """The rated games of this kind rated after result id `after`, in that order, each as its
    seats' results in seat order (one query)."""
    rows = SeatResult.objects.filter(game=game, rated=True, annulled=False, pk__gt=after)
    games: dict[int, list[SeatResult]] = {}
    for row in rows.order_by("pk"):
        games.setdefault(row.table_id, []).append(row)
    return [sorted(seats, key=lambda r: r.seat) for seats in games.values()]


def _rate_again(
    game: str, seats: list[SeatResult], keys: list[Key], state: dict, gone: set[Key]
) -> None:
    """One game rated as the bookkeeping rates it (rankings.rating), from the ratings in
    `state` (else the ones the seat had), which it then updates."""
    old = [state.get(k, (r.mu_before, r.sigma_before)) for k, r in zip(keys, seats, strict=True)]
    for r, k in zip(seats, keys, strict=True):
        r.rated_games -= k in gone  # one rated game fewer before this one
    new = openskill.rate_game(game, old, [_rule(r) for r in seats])
    after = openskill.merged(keys, old, new)
    state.update(after)
    for r, k, (mu0, s0), (mu1, s1) in zip(seats, keys, old, new, strict=True):
        r.mu_before, r.sigma_before, r.mu_after, r.sigma_after = mu0, s0, mu1, s1
        r.rating_before = openskill.display(mu0, s0)
        r.rating_after = openskill.display(*after[k])


def _rule(r: SeatResult) -> openskill.SeatRule:
    """The seat as the rating rule read it (rankings.outcome.seat_rule), from its result:
    provisional by the rated games its player had before the game, as replayed."""
    before = r.rated_games - r.rating_counts
    return openskill.SeatRule(
        place=r.place, lost_anyway=r.resigned or r.left,
        provisional=not r.bot and before < openskill.PROVISIONAL_GAMES, counts=r.rating_counts,
    )  # fmt: skip


def _write_ratings(
    game: str, ratings: dict[Key, Rating], state: dict, annulled: list[SeatResult]
) -> None:
    """The replayed ratings; the annulled game's players also lose its game, win and time."""
    last = _last_played(game, {key_of(r) for r in annulled})
    for k, (mu, sigma) in state.items():
        row = ratings[k]
        row.mu, row.sigma, row.display = mu, sigma, openskill.display(mu, sigma)
    for k in {key_of(r) for r in annulled if r.rating_counts}:
        row = ratings[k]
        row.games -= 1
        row.wins -= any(r.won for r in annulled if key_of(r) == k)
        row.last_played = last.get(k)
    rewrite(Rating, [ratings[k] for k in state], RATING_FIELDS)


def rewrite(model: type[Model], rows: Sequence[Model], fields: list[str]) -> None:
    """Write `fields` of many existing rows in a few statements: INSERT ... ON CONFLICT (id)
    DO UPDATE (Django's bulk_create). bulk_update's CASE expressions cost about 5 ms of
    Python per replayed game, 95% of an annulment (bench/annul.py); this, a tenth of that."""
    model.objects.bulk_create(
        rows, batch_size=BATCH, update_conflicts=True, unique_fields=["id"], update_fields=fields
    )


def _last_played(game: str, keys: set[Key]) -> dict[Key, datetime]:
    """When each of these players' last remaining rated game of this kind ended (the
    bookkeeping writes the time of the game it rated last); absent: none left."""
    users = [u for u, bot in keys if not bot]
    bots = [bot for _u, bot in keys if bot]
    latest = (
        SeatResult.objects.filter(Q(user_id__in=users, bot="") | Q(bot__in=bots, user=None))
        .filter(game=game, rated=True, annulled=False)
        .filter(RATING_COUNTS)
        .annotate(
            n=Window(RowNumber(), partition_by=[F("user_id"), F("bot")], order_by=F("pk").desc())
        )
        .filter(n=1)
        .values_list("user_id", "bot", "finished")
    )
    return {(u, bot): finished for u, bot, finished in latest}
