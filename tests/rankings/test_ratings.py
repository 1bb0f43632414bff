"""Rating changes equal the openskill library called directly (Plackett-Luce): Knockout Whist
as a free-for-all with shared places, Whist as two teams of two, German Whist one on one."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from rankings.models import Rating
from rankings.rating import display
from tests.rankings.helpers import established, seeded, store, winning

pytestmark = pytest.mark.django_db

LIB = PlackettLuce()


def library(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple]]:
    """The library called directly on (mu, sigma) teams."""
    rated = [[LIB.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
    return [[(p.mu, p.sigma) for p in team] for team in LIB.rate(rated, ranks=ranks)]


def flat(pairs) -> list[float]:
    return [x for pair in pairs for x in pair]


def after(result) -> tuple[float, float]:
    return result.mu_after, result.sigma_after


def before(result) -> tuple[float, float]:
    return result.mu_before, result.sigma_before


def shared_places_game():
    """A four-player Knockout game in which two players are knocked out in the same round."""
    for seed in range(1, 300):
        state = seeded("knockout", 4, seed)
        if any(len(group) > 1 for group in state.result["ranking"][1:]):
            return state
    raise AssertionError("no seed with a shared place")


def test_knockout_free_for_all_with_shared_places_equals_openskill(make_user, score):
    players = [make_user("ann"), make_user("bob"), "club", make_user("cat")]
    established(*(p for p in players if p != "club"), game="knockout")  # weighed in full
    state = shared_places_game()
    first = score(store(state, players))  # everybody starts from the prior
    second = score(store(state, players))  # and again, from the ratings the first game left
    for results in (first, second):
        ranking = state.result["ranking"]
        place = {seat: rank for rank, group in enumerate(ranking) for seat in group}
        expected = library([[before(results[s])] for s in range(4)], [place[s] for s in range(4)])
        assert flat(after(results[s]) for s in range(4)) == pytest.approx(
            flat(t[0] for t in expected)
        )
    assert [before(second[s]) for s in range(4)] == [after(first[s]) for s in range(4)]
    tied = next(g for g in state.result["ranking"][1:] if len(g) > 1)
    assert {first[s].place for s in tied} == {first[tied[0]].place}  # a shared place


def test_whist_partners_update_from_the_team_result(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    established(ann, bob, game="whist")  # weighed in full (docs/rules.md §4.3)
    state = winning("whist", 4, 0)
    results = score(store(state, [ann, "club", bob, "expert"]))
    expected = library(
        [[before(results[0]), before(results[2])], [before(results[1]), before(results[3])]],
        [0, 1],
    )
    assert flat(after(results[s]) for s in (0, 2)) == pytest.approx(flat(expected[0]))
    assert flat(after(results[s]) for s in (1, 3)) == pytest.approx(flat(expected[1]))
    assert results[0].rating_after - results[0].rating_before > 0
    assert results[0].rating_after == results[2].rating_after  # equal priors, one team result


def test_german_whist_match_equals_openskill(make_user, score):
    ann = make_user("ann")
    established(ann)
    state = winning("german", 2, 1, games=3)
    results = score(store(state, [ann, "expert"]))
    expected = library([[before(results[0])], [before(results[1])]], [1, 0])
    assert flat([after(results[0]), after(results[1])]) == pytest.approx(
        flat(e[0] for e in expected)
    )
    bot = Rating.objects.get(game="german", bot="expert")
    assert (bot.mu, bot.sigma) == pytest.approx(after(results[1]))
    assert bot.display == display(bot.mu, bot.sigma) == results[1].rating_after


def test_a_drawn_german_match_is_a_tie(make_user, score):
    for seed in range(1, 400):
        state = seeded("german", 2, seed, games=2)
        if not state.result["winners"]:
            break
    else:
        raise AssertionError("no drawn match")
    results = score(store(state, [make_user("ann"), make_user("bob")]))
    expected = library([[before(results[0])], [before(results[1])]], [0, 0])
    assert flat([after(results[0]), after(results[1])]) == pytest.approx(
        flat(e[0] for e in expected)
    )
    assert results[0].mu_after == pytest.approx(results[0].mu_before)


def test_a_bot_level_in_several_seats_moves_by_the_mean_of_its_seats(make_user, score):
    state = seeded("knockout", 4, 5)
    results = score(store(state, [make_user("ann"), "club", "club", "beginner"]))
    club = Rating.objects.get(game="knockout", bot="club")
    mean_change = (results[1].mu_after - results[1].mu_before + results[2].mu_after
                   - results[2].mu_before) / 2  # fmt: skip
    assert club.mu == pytest.approx(25.0 + mean_change)
    assert club.games == 1
