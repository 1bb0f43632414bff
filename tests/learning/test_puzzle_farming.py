"""What a puzzle answer cannot be made to give twice: a player's first answer to a puzzle is
the only one that counts, whatever the mode it was given in; a streak never serves again a
puzzle whose answer its player has seen; the streak's puzzle answered in another mode no
longer counts for the streak; two answers at once are one first answer, never a server error."""

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
def test_a_new_streak_never_serves_a_puzzle_whose_answer_was_shown(knockout):
    client = Client()
    failed = _streak_puzzle(client)
    over = _answer(client, failed, _wrong(failed), "streak").json()
    assert over["streak_over"] == 0 and over["answer"] == failed.answer
    assert _streak_puzzle(client) != failed  # the same puzzle again: its answer is known


@pytest.mark.django_db
def test_a_streak_that_has_shown_every_puzzle_says_so(knockout):
    client = Client()
    for _ in range(Puzzle.objects.count()):
        seen = _streak_puzzle(client)
        _answer(client, seen, _wrong(seen), "streak")
    page = client.get("/puzzles/streak/").content.decode()
    assert 'data-testid="puzzles-none"' in page and "You have seen every puzzle" in page


@pytest.mark.django_db
def test_a_signed_in_players_new_streak_leaves_out_the_puzzles_they_answered(knockout):
    user = get_user_model().objects.create_user("streaker", password="pw")
    client = Client()
    client.force_login(user)
    failed = _streak_puzzle(client)
    _answer(client, failed, _wrong(failed), "streak")
    client.logout()  # a new session: the streak's own memory is gone
    client.force_login(user)
    assert _streak_puzzle(client) != failed


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["rated", "daily"])
def test_the_streaks_puzzle_answered_in_another_mode_no_longer_counts_for_it(knockout, mode):
    client = Client()
    current = _streak_puzzle(client)
    looked = _answer(client, current, _wrong(current), mode).json()
    counted = _answer(client, current, looked["answer"], "streak")
    assert counted.status_code == 400 and "streak" not in counted.json()
    assert _streak_puzzle(client) != current


@pytest.mark.django_db
def test_the_streaks_puzzle_answered_by_its_player_in_another_browser_no_longer_counts(knockout):
    user = get_user_model().objects.create_user("two_tabs", password="pw")
    streak, other = Client(), Client()
    streak.force_login(user)
    other.force_login(user)
    current = _streak_puzzle(streak)
    looked = _answer(other, current, _wrong(current), "rated").json()
    counted = _answer(streak, current, looked["answer"], "streak")
    assert counted.status_code == 400 and "streak" not in counted.json()


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
