"""The elimination format's seating and who goes through (docs/rules.md §5.9): a pure
function checked against a table of cases, Knockout Whist tables of 2-7 and Whist's 4."""

from __future__ import annotations

import pytest

from tournaments.elimination import going_through, seat_round, valid_through

# (players still in, table size, go through per table) -> (people per table, byes, final)
CASES = [
    (2, 2, 1, [2], 0, True),
    (3, 2, 1, [2], 1, False),
    (4, 2, 1, [2, 2], 0, False),
    (5, 2, 1, [2, 2], 1, False),
    (3, 3, 1, [3], 0, True),
    (7, 3, 1, [3, 3], 1, False),
    (8, 3, 1, [3, 3, 2], 0, False),
    (8, 3, 2, [3, 3], 2, False),
    (4, 4, 2, [4], 0, True),
    (6, 4, 2, [4], 2, False),
    (9, 4, 2, [4, 4], 1, False),
    (10, 4, 2, [4, 4], 2, False),
    (11, 4, 2, [4, 4, 3], 0, False),
    (11, 4, 1, [4, 4, 3], 0, False),
    (13, 5, 3, [5, 5], 3, False),
    (14, 5, 3, [5, 5, 4], 0, False),
    (15, 6, 5, [6, 6], 3, False),
    (15, 6, 2, [6, 6, 3], 0, False),
    (20, 7, 3, [7, 7, 6], 0, False),
    (21, 7, 6, [7, 7, 7], 0, False),
    (7, 7, 3, [7], 0, True),
    (1, 4, 2, [1], 0, True),
]


@pytest.mark.parametrize(("players", "size", "through", "tables", "byes", "final"), CASES)
def test_tables_full_first_leftover_short_table_or_byes(
    players, size, through, tables, byes, final
):
    """docs/rules.md §5.9: full tables; those left over make a short table if more than go through,
    else the best seeds among them have a bye; all at one table once they fit (the final)."""
    seating = seat_round(list(range(players)), size, through)
    assert [len(t) for t in seating.tables] == tables
    assert seating.byes == list(range(byes))  # the best seeds
    assert seating.final is final
    seated = [p for t in seating.tables for p in t] + seating.byes
    assert sorted(seated) == list(range(players))


def test_seeds_dealt_in_a_serpentine_so_the_best_meet_last():
    seating = seat_round(list(range(8)), 2, 1)
    assert seating.tables == [[0, 7], [1, 6], [2, 5], [3, 4]]
    assert seat_round(list(range(8)), 4, 2).tables == [[0, 3, 4, 7], [1, 2, 5, 6]]


@pytest.mark.parametrize("size", range(2, 8))
def test_rounds_until_one_table_is_left(size):
    """Every round sends someone out, so the rounds end with one table, whatever the
    count of players and whichever number goes through."""
    for through in range(1, size):
        for players in range(2, 80):
            n, rounds = players, 0
            while True:
                seating = seat_round(list(range(n)), size, through)
                rounds += 1
                if seating.final:
                    break
                nxt = len(seating.byes) + sum(min(through, len(t)) for t in seating.tables)
                assert nxt < n, (players, size, through)
                n = nxt
            assert rounds <= players


def test_top_places_go_through():
    assert going_through([("a", 3), ("b", 1), ("c", 2)], 2, {"a": 0, "b": 1, "c": 2}) == ["b", "c"]


def test_tie_goes_to_the_better_seed():
    rank = {"a": 0, "b": 1, "c": 2, "d": 3}
    assert going_through([("d", 1), ("c", 1), ("a", 3)], 1, rank) == ["c"]


def test_bots_are_passed_over():
    """A bot took first place: the best-placed people go through (bots are not listed)."""
    assert going_through([("a", 2), ("b", 3)], 1, {"a": 0, "b": 1}) == ["a"]


def test_whist_winning_side_goes_through():
    """Whist: the side wins together (both place 1): K = 2, the winning partnership."""
    rank = {"n": 0, "e": 1, "s": 2, "w": 3}
    assert going_through([("n", 3), ("e", 1), ("s", 3), ("w", 1)], 2, rank) == ["e", "w"]
    assert valid_through(2, 4, side=2)
    assert not valid_through(1, 4, side=2) and not valid_through(3, 4, side=2)


@pytest.mark.parametrize("size", range(2, 8))
def test_at_least_one_through_and_one_out(size):
    assert [k for k in range(0, 9) if valid_through(k, size)] == list(range(1, size))


def test_blocked_pairs_kept_apart_where_another_table_can_take_one():
    seating = seat_round(list(range(8)), 4, 2, apart={frozenset((0, 3)), frozenset((1, 2))})
    assert seating.together == 0
    assert all(not {0, 3} <= set(t) and not {1, 2} <= set(t) for t in seating.tables)


def test_final_table_cannot_keep_blocked_pairs_apart():
    seating = seat_round(list(range(4)), 4, 2, apart={frozenset((0, 3))})
    assert seating.final and seating.together == 1


def test_blocked_pair_left_together_when_no_seating_parts_them():
    """0 blocked everyone else: at tables of two one of them sits with 0 anyway."""
    apart = {frozenset((0, p)) for p in range(1, 4)}
    seating = seat_round(list(range(4)), 2, 1, apart=apart)
    assert seating.together == 1


def test_one_player_who_blocked_three_sits_apart_from_them_wherever_they_are_seeded():
    from itertools import combinations

    for x in range(8):
        for others in combinations([p for p in range(8) if p != x], 3):
            apart = {frozenset((x, o)) for o in others}
            assert seat_round(list(range(8)), 4, 2, apart).together == 0, (x, others)
