"""A player's answer to a puzzle: right or wrong, and the ratings it moves (a player's first
answer to a puzzle only, as on lichess; visitors and the streak are not rated, but a
player's first answer in the streak is their first answer all the same)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from learning.models import Puzzle, PuzzlePlayer, PuzzleTry
from learning.puzzles import rate


class NotAMove(ValueError):
    """The answer is not one of the puzzle's legal moves."""


@dataclass(frozen=True)
class Answer:
    right: bool
    rated: bool
    first: bool = False  # kept as the signed-in player's first answer to the puzzle
    before: int | None = None  # the player's puzzle rating before and after (rated answers)
    after: int | None = None


def answer_give(puzzle: Puzzle, user: Any, move: str, rated: bool = True) -> Answer:
    """Judge `move` (a card such as "QS", or "knock"). A signed-in player's first answer to
    this puzzle is kept, in whatever mode it was given (its reply showed the solver's move,
    so no later answer is a first one), and moves both ratings when `rated`; the player's
    row is locked first, so two answers at once are one first answer and one later one.
    NotAMove if the move is not legal there."""
    if move not in puzzle.values:
        raise NotAMove(move)
    right = move == puzzle.answer
    if user is None or not user.is_authenticated:
        return Answer(right=right, rated=False)
    with transaction.atomic():
        player = _player_locked(user)
        if PuzzleTry.objects.filter(user=user, puzzle=puzzle).exists():
            return Answer(right=right, rated=False)
        if not rated:
            PuzzleTry.objects.create(user=user, puzzle=puzzle, move=move, right=right)
            return Answer(right=right, rated=False, first=True)
        locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        before = player.rating
        mine, its = rate.rate((player.mu, player.sigma), (locked.mu, locked.sigma), right)
        player.mu, player.sigma, player.rating = *mine, rate.level(mine[0])
        player.plays += 1
        player.save()
        locked.mu, locked.sigma, locked.rating = *its, rate.level(its[0])
        locked.plays += 1
        locked.save(update_fields=["mu", "sigma", "rating", "plays"])
        PuzzleTry.objects.create(user=user, puzzle=locked, move=move, right=right)
    return Answer(right=right, rated=True, first=True, before=before, after=player.rating)


def _player_locked(user: Any) -> PuzzlePlayer:
    mu, sigma = rate.initial_player()
    PuzzlePlayer.objects.get_or_create(
        user=user, defaults={"mu": mu, "sigma": sigma, "rating": rate.level(mu)}
    )
    return PuzzlePlayer.objects.select_for_update().get(user=user)


def player_level(user: Any) -> int:
    """A player's puzzle rating (a newcomer's, or a visitor's, is the centre)."""
    if user is not None and user.is_authenticated:
        row = PuzzlePlayer.objects.filter(user=user).values_list("rating", flat=True).first()
        if row is not None:
            return int(row)
    return rate.level(rate.initial_player()[0])


def streak_best_keep(user: Any, streak: int) -> int:
    """Keep a signed-in player's best streak; their best (a visitor's: `streak`)."""
    if user is None or not user.is_authenticated:
        return streak
    with transaction.atomic():
        player = _player_locked(user)
        if streak > player.best_streak:
            player.best_streak = streak
            player.save(update_fields=["best_streak"])
        return int(player.best_streak)
