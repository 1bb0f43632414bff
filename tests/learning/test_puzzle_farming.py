"""What a puzzle answer cannot be made to give twice: a player's first answer to a puzzle is
the only one that counts, whatever the mode it was given in; two answers at once are one
first answer, never a server error."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction
from django.test import Client

from learning.models import Puzzle, PuzzlePlayer, PuzzleTry
from learning.puzzles import answers, rate
from tests.learning.conftest import cut, puzzle_data


def _wrong(puzzle: Puzzle) -> str:
    return next(m for m in puzzle.values if m != puzzle.answer)


def _answer(client: Client, puzzle: Puzzle, move: str, mode: str) -> Any:
    return client.post(f"/puzzles/{puzzle.pk}/answer/", {"move": move, "mode": mode})


def _streak_puzzle(client: Client) -> Puzzle:
    return Puzzle.objects.get(pk=puzzle_data(client.get("/puzzles/streak/"))["id"])


@pytest.mark.django_db
def test_an_answer_given_in_the_streak_is_the_players_first_answer(knockout):
    user = get_user_model().objects.create_user("farmer", password="pw")
    client = Client()
    client.force_login(user)
    current = _streak_puzzle(client)
    shown = _answer(client, current, _wrong(current), "streak").json()["answer"]
    reply = _answer(client, current, shown, "rated").json()
    assert reply["right"] and "rating" not in reply  # its first answer was the streak's
    assert PuzzlePlayer.objects.get(user=user).plays == 0
    assert PuzzleTry.objects.get(user=user, puzzle=current).right is False


def _lock_waiters() -> int:
    """How many lock requests wait now (pg_locks is read live, not from a snapshot kept for
    the transaction as pg_stat_activity is)."""
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_two_first_answers_at_once_are_one_rated_answer_and_no_server_error():
    cut("knockout", 4, range(1, 2))
    puzzle = Puzzle.objects.order_by("pk").first()
    user = get_user_model().objects.create_user("twice", password="pw")
    mu, sigma = rate.initial_player()
    PuzzlePlayer.objects.create(user=user, mu=mu, sigma=sigma, rating=rate.level(mu))
    outcome: list[Any] = []

    def second() -> None:
        try:
            outcome.append(answers.answer_give(puzzle, user, puzzle.answer))
        except Exception as exc:  # the race's failure, whatever it is
            outcome.append(exc)
        finally:
            connection.close()

    with transaction.atomic():  # the first answer, holding the player's row meanwhile
        PuzzlePlayer.objects.select_for_update().get(user=user)
        thread = threading.Thread(target=second)
        thread.start()
        while _lock_waiters() == 0 and thread.is_alive():
            thread.join(0.05)  # until the second answer waits for the player's row
        PuzzleTry.objects.create(user=user, puzzle=puzzle, move=puzzle.answer, right=True)
    thread.join()
    (given,) = outcome
    assert isinstance(given, answers.Answer) and not given.rated
    assert PuzzleTry.objects.filter(user=user).count() == 1
