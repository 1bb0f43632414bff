"""Leaving a rated game counts as a loss (docs/rules.md §4.4): the player whose stand-in bot
played their last LEFT_RUN decisions or most of them, whatever the stand-in then won."""

from __future__ import annotations

import pytest

from games.models import Move
from rankings.models import Rating
from rankings.outcome import LEFT_RUN
from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db


def gone_after(seat: int, decisions: int):
    """`by` for helpers.store: the seat's player makes its first `decisions`, a stand-in the
    rest."""
    return lambda s, n: Move.By.TIMEOUT if s == seat and n >= decisions else None


def test_leaving_a_rated_game_counts_as_a_loss(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    state = winning("german", 2, 0)
    results = score(store(state, [ann, bob], by=gone_after(0, 20)))  # the stand-in won it
    assert results[0].won and results[0].left and results[0].rated
    assert results[0].mu_after < results[0].mu_before
    assert results[1].mu_after > results[1].mu_before


def test_leaving_a_rated_game_against_bots_still_costs_rating(make_user, score):
    ann = make_user("ann")
    results = score(store(winning("german", 2, 0), [ann, "club"], by=gone_after(0, 2)))
    assert results[0].rated and results[0].left
    assert Rating.objects.get(user=ann, game="german").display < 1000


def test_a_player_away_for_fewer_than_the_last_run_of_turns_did_not_leave(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    state = winning("german", 2, 0)
    decisions = sum(1 for d in state.history for e in d.events if e.seat == 0) + sum(
        1 for e in state.events if e.seat == 0
    )
    results = score(store(state, [ann, bob], by=gone_after(0, decisions - LEFT_RUN + 1)))
    assert not results[0].left and results[0].mu_after > results[0].mu_before


def test_a_whist_leavers_partner_keeps_the_sides_win(make_user, score):
    ann, bob, cat, dan = (make_user(n) for n in ("ann", "bob", "cat", "dan"))
    results = score(store(winning("whist", 4, 0), [ann, bob, cat, dan], by=gone_after(2, 3)))
    assert results[2].left and results[2].mu_after < results[2].mu_before
    assert results[0].mu_after > results[0].mu_before  # the partner who stayed won
    assert results[1].mu_after < results[1].mu_before
