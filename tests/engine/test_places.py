"""A seat's place from a result's ranking, computed once (games.engine.places): standard
competition ranking, 1 for the best, tied seats share a place and the places they fill are
skipped (1, 2, 2, 4): docs/rules.md §0.6. The game's result (games.engine.game_result)
carries them, with how the game ended for each seat."""

from __future__ import annotations

from games.engine import Action, GameResult, apply, game_result, make_rules, new_game, places
from games.engine.record import to_record
from games.engine.result import DRAWN, LOST, RESIGNED, WON
from tests.engine.helpers import finish_game


def test_tied_seats_share_a_place_and_the_next_place_skips_the_tied_ones():
    assert places([[2], [0, 1], [3]], 4) == [2, 2, 1, 4]
    assert places([[0, 2], [1, 3]], 4) == [1, 3, 1, 3]  # Whist: partners share a place
    assert places([[1], [0], [3, 4, 2]], 5) == [2, 1, 3, 3, 3]


def test_a_drawn_match_puts_both_seats_first():
    assert places([[0, 1]], 2) == [1, 1]


def test_a_seat_the_ranking_leaves_out_comes_after_every_ranked_seat():
    assert places([[1]], 3) == [2, 1, 2]
    assert places([], 2) == [1, 1]


def test_every_engine_game_places_its_winners_first():
    for game, players in (("knockout", 4), ("whist", 4), ("german", 2)):
        for seed in range(1, 6):
            result = finish_game(new_game(make_rules(game, players), seed=seed)).result
            place = places(result["ranking"], players)
            assert {s for s in range(players) if place[s] == 1} == set(result["winners"]) or (
                not result["winners"] and set(place) == {1}
            )


def _tied_knockout():
    for seed in range(1, 200):
        state = finish_game(new_game(make_rules("knockout", 4), seed=seed))
        if any(len(group) > 1 for group in state.result["ranking"][:-1]):
            return state
    raise AssertionError("no tied Knockout round up to seed 200")


def test_the_games_result_carries_each_seats_place_in_competition_ranking():
    state = _tied_knockout()
    result = game_result(to_record(state))
    ranking = state.result["ranking"]
    assert result.places == tuple(places(ranking, 4))
    assert sorted(result.places) in ([1, 2, 2, 4], [1, 1, 3, 4], [1, 2, 3, 3], [1, 1, 1, 4])
    assert result.places[ranking[-1][0]] == 1 + sum(len(g) for g in ranking[:-1])


def test_the_games_result_says_how_the_game_ended_for_each_seat():
    state = new_game(make_rules("german", 2), seed=3)
    state = apply(state, Action("resign", 1))
    result = game_result(to_record(state))
    assert result.reason == "resign" and result.resigned == {1}
    assert [result.outcome(seat) for seat in (0, 1)] == [WON, RESIGNED]
    assert result.places == (1, 2)
    drawn = GameResult("majority", frozenset(), ((0, 1),), (1, 1), frozenset())
    assert [drawn.outcome(0), drawn.outcome(1)] == [DRAWN, DRAWN]
    whist = finish_game(new_game(make_rules("whist", 4), seed=2))
    lost = game_result(to_record(whist))
    assert {lost.outcome(s) for s in range(4)} == {WON, LOST}
    assert [lost.places[s] for s in sorted(lost.winners)] == [1, 1]
