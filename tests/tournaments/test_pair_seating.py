"""Pairs entered together in a Whist event are seated as partners (tournaments.seating.pair_round):
each pair one side of a table, players alone made into sides two by two, the sides seated
by the standings and their meetings; seats laid out by the game's partnerships."""

from __future__ import annotations

from collections import Counter

from games.engine.descriptors import game_of
from tournaments.seating import pair_round

SIDES = game_of("whist").partnerships  # seats 0 and 2, 1 and 3


def side_of(table: list, person: int) -> int:
    seat = table.index(person)
    return next(i for i, side in enumerate(SIDES) if seat in side)


def test_each_pair_sits_on_one_side_of_a_table() -> None:
    ranked = [1, 2, 3, 4, 5, 6, 7, 8]
    pairs = {1: 5, 5: 1, 2: 6, 6: 2}
    tables = pair_round(ranked, pairs, SIDES, Counter(), Counter())
    assert len(tables) == 2 and all(len(t) == 4 for t in tables)
    for a, b in ((1, 5), (2, 6)):
        (table,) = [t for t in tables if a in t]
        assert b in table and side_of(table, a) == side_of(table, b)


def test_players_alone_partner_each_other_against_a_pair() -> None:
    tables = pair_round([1, 2, 3, 4], {1: 2, 2: 1}, SIDES, Counter(), Counter())
    (table,) = tables
    assert side_of(table, 1) == side_of(table, 2) != side_of(table, 3) == side_of(table, 4)


def test_players_alone_get_a_partner_they_have_not_had() -> None:
    partners = Counter({frozenset((3, 4)): 1})
    (table,) = pair_round([1, 2, 3, 4], {}, SIDES, Counter(), partners)
    assert side_of(table, 3) != side_of(table, 4)


def test_an_odd_side_gets_bots_for_the_other_side_and_a_last_player_a_bot_partner() -> None:
    tables = pair_round([1, 2, 3, 4, 5], {1: 2, 2: 1}, SIDES, Counter(), Counter())
    people = [p for t in tables for p in t if p is not None]
    assert sorted(people) == [1, 2, 3, 4, 5]
    (last,) = [t for t in tables if 5 in t]
    assert last.count(None) in (1, 3)


def test_pairs_that_met_are_kept_apart_where_others_can_meet() -> None:
    met = Counter({frozenset((1, 3)): 2, frozenset((2, 4)): 2})  # pair 1-2 met pair 3-4
    pairs = {1: 2, 2: 1, 3: 4, 4: 3, 5: 6, 6: 5, 7: 8, 8: 7}
    tables = pair_round([1, 2, 3, 4, 5, 6, 7, 8], pairs, SIDES, met, Counter())
    (table,) = [t for t in tables if 1 in t]
    assert 3 not in table


def test_players_alone_never_partner_one_they_are_apart_from() -> None:
    (table,) = pair_round([1, 2, 3, 4], {}, SIDES, Counter(), Counter(), apart={frozenset((1, 2))})
    assert side_of(table, 1) != side_of(table, 2)
