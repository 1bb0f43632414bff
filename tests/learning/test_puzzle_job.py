"""The puzzle job (learning.puzzles.job) over stored games, the answers and their ratings
(learning.puzzles.answers) and the choice of the next, the daily and the streak's puzzle
(learning.puzzles.pick), on the real database."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from fairplay.cheats import play
from games.engine.record_check import check
from games.models import Table
from learning.models import Puzzle, PuzzlePlayer, PuzzleScan
from learning.puzzles import answers, job, pick
from learning.puzzles.cut import cut
from records.models import GameRecord
from tests.rankings.helpers import store

pytestmark = pytest.mark.django_db


def _stored(seed: int = 1, game: str = "knockout", players: int = 4) -> Table:
    return store(play(game, players, ["club"] * players, seed), ["club"] * players, rated=False)


def test_sweep_keeps_each_puzzle_the_solver_finds_once():
    table = _stored()
    expected, judged = cut(check(GameRecord.objects.get(pk=table.pk).record))
    assert expected
    assert job.sweep() == len(expected)
    rows = list(Puzzle.objects.filter(record=table.pk).order_by("number"))
    assert [(p.number, p.answer, p.values) for p in rows] == [
        (f.number, f.answer, f.values) for f in expected
    ]
    scan = PuzzleScan.objects.get(record=table.pk)
    assert (scan.judged, scan.kept) == (judged, len(expected))
    assert job.sweep() == 0 and job.game_cut(table.pk) == 0
    assert Puzzle.objects.count() == len(expected)


@pytest.mark.parametrize("closed", ["private", "annulled", "held", "practice", "practice_of"])
def test_games_whose_cards_are_closed_give_no_puzzle(closed):
    table = _stored()
    if closed == "private":
        GameRecord.objects.filter(pk=table.pk).update(private=True)
    elif closed == "annulled":
        GameRecord.objects.filter(pk=table.pk).update(annulled=True)
    elif closed == "held":
        Table.objects.filter(pk=table.pk).update(board_held=True)
    elif closed == "practice":
        GameRecord.objects.filter(pk=table.pk).update(practice=True)
    else:
        Table.objects.filter(pk=table.pk).update(practice_of=_stored(2))
        PuzzleScan.objects.all().delete()
    job.sweep()
    assert not Puzzle.objects.filter(record=table.pk).exists()
    assert not PuzzleScan.objects.filter(record=table.pk).exists()


def test_a_released_board_is_cut_by_the_next_sweep():
    table = _stored()
    Table.objects.filter(pk=table.pk).update(board_held=True)
    assert job.sweep() == 0
    Table.objects.filter(pk=table.pk).update(board_held=False)
    assert job.sweep() > 0


def test_a_published_private_game_is_used():
    table = _stored()
    GameRecord.objects.filter(pk=table.pk).update(private=True, published=True)
    assert job.sweep() > 0


@pytest.fixture
def puzzle():
    _stored()
    job.sweep()
    return Puzzle.objects.order_by("pk").first()


@pytest.fixture
def user():
    return get_user_model().objects.create_user("solver", password="pw")


def test_right_answer_raises_the_player_and_lowers_the_puzzle(puzzle, user):
    before = puzzle.rating
    given = answers.answer_give(puzzle, user, puzzle.answer)
    assert given.right and given.rated and given.after > given.before
    puzzle.refresh_from_db()
    assert puzzle.rating < before and puzzle.plays == 1
    assert PuzzlePlayer.objects.get(user=user).rating == given.after


def test_wrong_answer_lowers_the_player_and_raises_the_puzzle(puzzle, user):
    wrong = next(m for m in puzzle.values if m != puzzle.answer)
    before = puzzle.rating
    given = answers.answer_give(puzzle, user, wrong)
    assert not given.right and given.after < given.before
    puzzle.refresh_from_db()
    assert puzzle.rating > before


def test_only_the_first_answer_is_rated(puzzle, user):
    answers.answer_give(puzzle, user, puzzle.answer)
    again = answers.answer_give(puzzle, user, puzzle.answer)
    assert again.right and not again.rated
    assert PuzzlePlayer.objects.get(user=user).plays == 1


def test_a_visitor_or_an_unrated_answer_moves_nothing(puzzle, user):
    from django.contrib.auth.models import AnonymousUser

    assert not answers.answer_give(puzzle, AnonymousUser(), puzzle.answer).rated
    assert not answers.answer_give(puzzle, user, puzzle.answer, rated=False).rated
    puzzle.refresh_from_db()
    assert puzzle.plays == 0


def test_a_move_that_is_not_legal_there_is_refused(puzzle, user):
    with pytest.raises(answers.NotAMove):
        answers.answer_give(puzzle, user, "ZZ")


def test_next_puzzle_is_the_nearest_untried(user):
    _stored(1)
    _stored(2, "whist")
    job.sweep()
    assert Puzzle.objects.count() >= 2
    first = pick.next_for(user, 1500)
    near = sorted(Puzzle.objects.all(), key=lambda p: (abs(p.rating - 1500), p.pk))
    assert first == near[0]
    answers.answer_give(first, user, first.answer)
    assert pick.next_for(user, 1500) != first


def test_daily_puzzle_is_chosen_once_per_day(puzzle):
    day = datetime.date(2026, 12, 6)
    assert pick.daily(day) == pick.daily(day)
    other = pick.daily(day + datetime.timedelta(days=1))
    assert other is None or other != pick.daily(day)


def test_streak_climbs_and_keeps_the_best(user):
    _stored(1)
    _stored(3)
    job.sweep()
    first = pick.streak_next(0, ())
    second = pick.streak_next(1, (first.pk,))
    assert second != first
    assert answers.streak_best_keep(user, 3) == 3
    assert answers.streak_best_keep(user, 2) == 3


def test_command_cuts_the_backlog_and_refuses_a_bad_count(capsys):
    from django.core.management import CommandError, call_command

    _stored()
    call_command("cut_puzzles", "--games", "5")
    assert "1 games cut" in capsys.readouterr().out
    with pytest.raises(CommandError, match="at least 1") as refused:
        call_command("cut_puzzles", "--games", "0")
    assert refused.value.returncode == 2  # on the command line: one line, exit status 2


def test_a_stored_game_queues_the_sweep_after_its_commit(django_capture_on_commit_callbacks):
    from records.signals import game_recorded

    table = _stored()
    stored = GameRecord.objects.get(pk=table.pk)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        game_recorded.send(sender=GameRecord, record=stored)
    assert queued and PuzzleScan.objects.filter(record=table.pk).exists()
    assert Puzzle.objects.filter(record=table.pk).exists()


def test_nearest_is_by_distance_then_id_on_either_side():
    for seed in (1, 2, 3):
        _stored(seed)
    _stored(2, "whist")
    job.sweep()
    rows = list(Puzzle.objects.order_by("pk")[:3])
    for row, rating in zip(rows, (1550, 1450, 1550), strict=True):
        Puzzle.objects.filter(pk=row.pk).update(rating=rating)
    Puzzle.objects.exclude(pk__in=[r.pk for r in rows]).update(rating=2500)
    assert pick.next_for(None, 1500) == rows[0]  # 1550 and 1450 tie: the lower id
    assert pick.next_for(None, 1460) == rows[1]
    assert pick.next_for(None, 1540, seen=[rows[0].pk]) == rows[2]
    assert pick.next_for(None, 3000) is not None and pick.next_for(None, 3000).rating == 2500


def test_a_puzzle_answer_moves_the_puzzle_rating_only_never_a_game_rating(puzzle, user):
    """docs/rules.md §4.3, nothing bought: the puzzle rating (learning.PuzzlePlayer, 1500 at
    the start) is apart from the game ratings (rankings, 1000 at the start); no answer, right
    or wrong, writes a rankings row."""
    from rankings.models import Achievement, GameScore, Progress, Rating, SeatResult

    Rating.objects.create(game=puzzle.game, user=user, mu=25.0, sigma=25 / 3, display=1000)
    kept = [(model, list(model.objects.values())) for model in
            (Rating, Progress, SeatResult, GameScore, Achievement)]  # fmt: skip
    wrong = next(m for m in puzzle.values if m != puzzle.answer)
    other = Puzzle.objects.create(**{
        f.name: getattr(puzzle, f.name) for f in Puzzle._meta.concrete_fields
        if f.name not in ("id", "number")}, number=puzzle.number + 1)  # fmt: skip
    assert answers.answer_give(puzzle, user, puzzle.answer).rated
    assert answers.answer_give(other, user, wrong).rated
    assert PuzzlePlayer.objects.get(user=user).plays == 2
    for model, rows in kept:
        assert list(model.objects.values()) == rows, model.__name__
