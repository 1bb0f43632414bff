"""A seat's place from a result's ranking, computed once (games.engine.places): standard
competition ranking, 1 for the best, tied seats share a place and the places they fill are
skipped (1, 2, 2, 4): docs/rules.md §0.6."""

from __future__ import annotations

from games.engine import make_rules, new_game, places
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
