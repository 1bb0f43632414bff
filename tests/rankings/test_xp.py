"""XP and levels, docs/rules.md §4.1: XP for every complete game, more for a win, identical for
both Whist partners, credited once, none for a resignation; bots get none."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.engine import actions as A
from games.engine import apply, legal_actions, new_game
from games.engine.rules import make_rules
from games.models import Move
from rankings.models import LevelUp, Progress, SeatResult
from rankings.outcome import REAL_PLAY_TRICKS
from rankings.progression import XP_GAME, XP_WIN, level_of, xp_needed
from rankings.services import game_score_create
from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db


def resigned(game: str, players: int, seat: int):
    """A game the seat resigns at its first decision."""
    state = new_game(make_rules(game, players), seed=3)
    return apply(state, A.resign(seat))


def resigned_after(game: str, players: int, tricks: int):
    """A game played (first legal actions) until `tricks` tricks are complete, then resigned
    by the seat to act."""
    state = new_game(make_rules(game, players), seed=3)
    while len(state.trick_log) < tricks:
        state = apply(state, legal_actions(state, resign_too=False)[0])
    return apply(state, A.resign(state.to_act))


def test_the_winner_gets_more_xp_than_the_loser(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    results = score(store(winning("german", 2, 0), [ann, bob]))
    assert (results[0].xp, results[1].xp) == (XP_WIN, XP_GAME)
    assert Progress.objects.get(user=ann).xp == XP_WIN
    assert Progress.objects.get(user=bob).xp == XP_GAME


def test_whist_partners_get_identical_xp(make_user, score):
    users = [make_user(n) for n in ("ann", "bob", "cat", "dan")]
    results = score(store(winning("whist", 4, 1), users))
    assert results[1].xp == results[3].xp == XP_WIN
    assert results[0].xp == results[2].xp == XP_GAME


def test_xp_is_credited_once(make_user):
    ann = make_user("ann")
    table = store(winning("german", 2, 0), [ann, "club"])
    assert game_score_create(table.pk) is not None
    assert game_score_create(table.pk) is None
    assert Progress.objects.get(user=ann).xp == XP_WIN
    assert Progress.objects.get(user=ann).games == 1


def test_a_resignation_is_a_loss_without_xp(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    state = resigned_after("german", 2, REAL_PLAY_TRICKS)
    resigner = state.resigned[0]
    results = score(store(state, [ann, bob]))
    assert results[resigner].resigned and not results[resigner].won
    assert results[resigner].xp == 0
    assert results[1 - resigner].xp == XP_WIN


@pytest.mark.parametrize("game, players", [("german", 2), ("whist", 4)])
def test_a_game_resigned_at_its_first_move_gives_no_xp_to_anyone(make_user, score, game, players):
    """The farm: a second account resigns at once and the winner took the full win XP."""
    users = [make_user(f"p{i}") for i in range(players)]
    state = resigned(game, players, new_game(make_rules(game, players), seed=3).to_act)
    results = score(store(state, users))
    assert any(r.won for r in results.values())
    assert [r.xp for r in results.values()] == [0] * players
    assert not Progress.objects.filter(xp__gt=0).exists()
    assert not SeatResult.objects.exclude(achievements=[]).exists()


def test_a_game_resigned_one_trick_short_of_real_play_gives_no_xp(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    state = resigned_after("german", 2, REAL_PLAY_TRICKS - 1)
    results = score(store(state, [ann, bob]))
    assert [r.xp for r in results.values()] == [0, 0]


def test_a_knockout_resignation_gets_no_xp_though_a_bot_finishes_the_seat(make_user, score):
    from tests.engine.helpers import finish_game

    users = [make_user(n) for n in ("ann", "bob", "cat")]
    state = finish_game(resigned("knockout", 3, new_game(make_rules("knockout", 3), seed=3).to_act))
    results = score(store(state, users))
    quitter = state.resigned[0]
    assert results[quitter].xp == 0 and results[quitter].resigned
    assert all(results[s].xp > 0 for s in range(3) if s != quitter)


def test_bots_get_no_xp(make_user, score):
    results = score(store(winning("whist", 4, 1), [make_user("ann"), "club", "expert", "club"]))
    assert [results[s].xp for s in (1, 2, 3)] == [0, 0, 0]
    assert Progress.objects.count() == 1


def test_a_seat_bots_played_for_the_most_part_gets_no_xp(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    away = lambda seat, n: Move.By.TIMEOUT if seat == 1 and n >= 2 else None  # noqa: E731
    results = score(store(winning("german", 2, 1), [ann, bob], by=away))
    assert not results[1].counted and results[1].won
    assert results[1].xp == 0
    assert results[0].xp == XP_GAME


def test_levels_follow_the_curve_in_the_readme():
    assert [xp_needed(n) for n in (1, 2, 3, 4, 5, 10)] == [0, 100, 300, 600, 1000, 4500]
    assert [level_of(x) for x in (0, 99, 100, 299, 300, 4499, 4500)] == [1, 1, 2, 2, 3, 9, 10]


def test_a_level_up_is_recorded_and_copied_to_the_user(make_user, score):
    ann = make_user("ann")
    Progress.objects.create(user=ann, xp=xp_needed(2) - 1)
    results = score(store(winning("german", 2, 0), [ann, "club"]))
    assert (results[0].level_before, results[0].level_after) == (1, 2)
    assert get_user_model().objects.get(pk=ann.pk).level == 2
    assert list(LevelUp.objects.filter(user=ann).values_list("level", flat=True)) == [2]
