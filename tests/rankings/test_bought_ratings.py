"""Ratings and XP that cannot be bought (docs/rules.md §4.3): an early end gains the others
nothing while the resigner still loses; a provisional account moves an established rating by
little; XP between the same two accounts falls off; only established players are listed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from games.engine import actions as A
from games.engine import apply, legal_actions, new_game
from games.engine.rules import make_rules
from rankings.models import Rating, SeatResult
from rankings.outcome import REAL_PLAY_TRICKS
from rankings.progression import XP_REPEAT_FREE, XP_WIN
from rankings.rating import PROVISIONAL_GAMES, PROVISIONAL_WEIGHT
from tests.rankings.helpers import established, store, winning

pytestmark = pytest.mark.django_db


def resigned_after(game: str, players: int, tricks: int, seed: int = 3):
    """A game played (first legal actions) until `tricks` tricks are complete, then resigned
    by the seat to act."""
    state = new_game(make_rules(game, players), seed=seed)
    while len(state.trick_log) < tricks:
        state = apply(state, legal_actions(state, resign_too=False)[0])
    return apply(state, A.resign(state.to_act))


def test_a_rated_game_resigned_before_the_fifth_trick_gains_the_others_nothing(make_user, score):
    ann, puppet = make_user("ann"), make_user("puppet")
    state = resigned_after("german", 2, REAL_PLAY_TRICKS - 1)
    quitter = state.resigned[0]
    players = [ann, puppet] if quitter == 1 else [puppet, ann]
    results = score(store(state, players))
    winner = results[1 - quitter]
    assert winner.won and winner.early
    assert winner.rating_after == winner.rating_before
    assert winner.mu_after == winner.mu_before and winner.sigma_after == winner.sigma_before
    rating = Rating.objects.get(user=ann, game="german")
    assert (rating.games, rating.wins, rating.display) == (0, 0, 1000)


def test_the_early_resigner_still_loses_rating(make_user, score):
    ann, puppet = make_user("ann"), make_user("puppet")
    state = resigned_after("german", 2, 0)
    quitter = state.resigned[0]
    players = [ann, puppet] if quitter == 1 else [puppet, ann]
    results = score(store(state, players))
    assert results[quitter].mu_after < results[quitter].mu_before
    assert Rating.objects.get(user=puppet, game="german").games == 1


def test_six_puppets_resigning_at_once_leave_the_winner_where_they_started(make_user, score):
    """The issue's farm: six accounts resigned at move 0 took one player from 1000 to 1662."""
    ann = make_user("ann")
    for n in range(6):
        state = resigned_after("german", 2, 0, seed=3 + n)
        puppet = make_user(f"puppet{n}")
        quitter = state.resigned[0]
        score(store(state, [ann, puppet] if quitter == 1 else [puppet, ann]))
    assert Rating.objects.get(user=ann, game="german").display == 1000


def test_a_game_resigned_after_real_play_moves_both_ratings(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    state = resigned_after("german", 2, REAL_PLAY_TRICKS)
    results = score(store(state, [ann, bob]))
    assert all(r.mu_after != r.mu_before for r in results.values())
    assert not any(r.early for r in results.values())


def _win_change(make_user, score, opponent_established: bool) -> float:
    ann, other = make_user("ann"), make_user("other")
    established(ann)
    if opponent_established:
        established(other)
    results = score(store(winning("german", 2, 0), [ann, other]))
    return results[0].mu_after - results[0].mu_before


def test_a_provisional_opponent_moves_an_established_rating_by_little(make_user, score):
    against_new = _win_change(make_user, score, opponent_established=False)
    SeatResult.objects.all().delete()
    Rating.objects.all().delete()
    from django.contrib.auth import get_user_model

    get_user_model().objects.all().delete()
    against_established = _win_change(make_user, score, opponent_established=True)
    assert against_new == pytest.approx(PROVISIONAL_WEIGHT * against_established)


def test_a_provisional_players_own_rating_moves_in_full(make_user, score):
    ann, new = make_user("ann"), make_user("new")
    established(ann)
    results = score(store(winning("german", 2, 1), [ann, new]))
    full = score(store(winning("german", 2, 1), [make_user("cat"), make_user("dan")]))
    assert results[1].mu_after - results[1].mu_before == pytest.approx(
        full[1].mu_after - full[1].mu_before
    )


def test_xp_between_the_same_two_accounts_falls_off_with_repetition(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    xps = [score(store(winning("german", 2, 0), [ann, bob]))[0].xp for _ in range(6)]
    assert xps[:XP_REPEAT_FREE] == [XP_WIN] * XP_REPEAT_FREE
    assert xps[XP_REPEAT_FREE:] == [XP_WIN // 2, XP_WIN // 4, XP_WIN // 8]


def test_xp_with_the_same_account_is_full_again_after_a_day(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    for _ in range(XP_REPEAT_FREE + 1):
        score(store(winning("german", 2, 0), [ann, bob]))
    SeatResult.objects.update(finished=SeatResult.objects.first().finished - timedelta(days=2))
    assert score(store(winning("german", 2, 0), [ann, bob]))[0].xp == XP_WIN


def test_xp_against_bots_does_not_fall_off(make_user, score):
    ann = make_user("ann")
    xps = [score(store(winning("german", 2, 0), [ann, "club"]))[0].xp for _ in range(5)]
    assert xps == [XP_WIN] * 5


def test_the_leaderboards_list_only_established_players(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    score(store(winning("german", 2, 0), [ann, bob]))
    Rating.objects.filter(user=ann).update(games=PROVISIONAL_GAMES)
    page = Client().get("/leaderboards/german/").content.decode()
    assert "Ann" in page and "Bob" not in page


def test_the_game_over_awards_say_an_early_end_gains_the_others_nothing(make_user, score):
    ann, puppet = make_user("ann"), make_user("puppet")
    state = resigned_after("german", 2, 0)
    quitter = state.resigned[0]
    table = store(state, [ann, puppet] if quitter == 1 else [puppet, ann])
    score(table)
    client = Client()
    client.force_login(ann)
    awards = client.get(f"/rankings/awards/{table.pk}/").json()["awards"]
    assert awards["early"] and not awards["resigned"] and awards["rating"]["change"] == 0
    client.force_login(puppet)
    assert client.get(f"/rankings/awards/{table.pk}/").json()["awards"]["resigned"]
