"""Placement points (docs/rules.md §5.2) and the standings' tie-breaks
(docs/rules.md §5.3) on written examples; no database."""

from __future__ import annotations

import pytest

from tournaments.scoring import placement_points
from tournaments.standings import recount


def test_placement_points_give_first_one_and_last_nothing_whatever_the_tables_size() -> None:
    assert placement_points([1, 2, 3]) == [1.0, 0.5, 0.0]
    assert placement_points([2, 1]) == [0.0, 1.0]
    assert placement_points([4, 1, 2, 3, 5]) == [0.25, 1.0, 0.75, 0.5, 0.0]


def test_tied_seats_share_the_mean_of_the_places_they_fill() -> None:
    assert placement_points([1, 2, 2, 4]) == pytest.approx([1.0, 0.5, 0.5, 0.0])


def test_whist_sides_score_one_for_a_win_and_a_half_each_for_a_draw() -> None:
    assert placement_points([1, 3, 1, 3], side=2) == [1.0, 0.0, 1.0, 0.0]
    assert placement_points([1, 1, 1, 1], side=2) == [0.5, 0.5, 0.5, 0.5]


def test_ties_on_points_are_broken_by_opponents_points_then_wins_then_sign_up() -> None:
    # Two rounds of two-seat tables: entries 1-4 (signed up in that order), 9 a bot seat.
    rows = [
        (10, 0, 1, 1.0, 1), (10, 1, 2, 0.0, 2),  # round 1: 1 beats 2
        (11, 0, 3, 1.0, 1), (11, 1, 4, 0.0, 2),  # 3 beats 4
        (12, 0, 1, 0.0, 2), (12, 1, 3, 1.0, 1),  # round 2: 3 beats 1
        (13, 0, 2, 1.0, 1), (13, 1, None, 0.0, 2),  # 2 beats a bot
        (14, 0, 4, 0.5, 1), (14, 1, None, 0.5, 1),  # 4 draws with a bot (a shared first)
    ]  # fmt: skip
    ranked = recount([(1, 0), (2, 1), (3, 2), (4, 3)], rows)
    figures = {s.entry: (s.points, s.opponents_points, s.wins, s.rank) for s in ranked}
    assert figures[3] == (2.0, 1.5, 2, 1)  # opponents 4 (0.5) and 1 (1.0)
    assert figures[1] == (1.0, 3.0, 1, 2)  # opponents 2 (1.0) and 3 (2.0)
    assert figures[2] == (1.0, 1.0, 1, 3)  # opponent 1 (1.0); the bot is nobody
    assert figures[4] == (0.5, 2.0, 1, 4)  # opponent 3 (2.0)


def test_whist_opponents_are_the_other_side_not_the_partner() -> None:
    rows = [(20, 0, 1, 1.0, 1), (20, 1, 2, 0.0, 3), (20, 2, 3, 1.0, 1), (20, 3, 4, 0.0, 3)]
    ranked = {
        s.entry: s for s in recount([(1, 0), (2, 1), (3, 2), (4, 3)], rows, sides=((0, 2), (1, 3)))
    }
    assert ranked[1].opponents_points == 0.0 and ranked[2].opponents_points == 1.0
