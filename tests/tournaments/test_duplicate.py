"""Duplicate events: every table of a round holds the same cards, and matchpoints compare each
result with everyone who held the same cards at the same place (docs/rules.md §5.4)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from records.models import GameRecord
from tests.tournaments.conftest import all_present, event_with, play_round
from tournaments import services
from tournaments.duplicate import board_score, matchpoints
from tournaments.models import Entry, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def test_matchpoints_give_one_for_each_score_beaten_and_a_half_for_each_tie() -> None:
    # Four seat-0 players on one board: +7, +1, +7 and -3 tricks.
    assert matchpoints([7, 1, 7, -3]) == [2.5, 1.0, 2.5, 0.0]
    assert matchpoints([0, 0]) == [0.5, 0.5]
    assert matchpoints([5]) == [0.0]


def test_a_seats_board_score_is_its_sides_points_less_the_others() -> None:
    german = {"winners": [1], "ranking": [[1], [0]], "reason": "majority", "games": [[5, 8]]}
    assert board_score("german", german, 0) == -3 and board_score("german", german, 1) == 3
    whist = {"winners": [0, 2], "ranking": [[0, 2], [1, 3]], "reason": "target",
             "games": [[2, 0]]}  # fmt: skip
    assert board_score("whist", whist, 2) == 2 and board_score("whist", whist, 3) == -2


def dealt_hands(record: dict[str, Any]) -> list[Any]:
    return [deal["hands"] for deal in record["deals"]]


def test_a_duplicate_german_whist_event_of_8_gives_every_table_the_same_deals_and_matchpoints_equal_a_hand_count(  # noqa: E501
    staff: Any, players: Any
) -> None:
    users = players(8)
    event = event_with(staff, users, game="german", kind="duplicate", rounds=2, table_size=2)
    for number in (1, 2):
        all_present(event)
        services.event_tick()
        seats = list(Placement.objects.filter(round__event=event, round__number=number))
        assert len({p.table_id for p in seats}) == 4 and all(p.entry_id for p in seats)
        play_round(event, number)
        stored = {r.pk: r for r in GameRecord.objects.filter(pk__in=[p.table_id for p in seats])}
        hands = [dealt_hands(r.record) for r in stored.values()]
        assert all(h == hands[0] for h in hands)  # the same cards at every table
        by_seat: dict[int, list[Placement]] = defaultdict(list)
        for p in Placement.objects.filter(round__event=event, round__number=number):
            by_seat[p.seat].append(p)
        for group in by_seat.values():  # compared with those who held the same cards
            scores = [
                board_score(stored[p.table_id].game, stored[p.table_id].result, p.seat)
                for p in group
            ]
            for p, s in zip(group, scores, strict=True):
                beaten = sum(1 for o in scores if o < s)
                ties = sum(1 for o in scores if o == s) - 1
                assert p.matchpoints == beaten + ties / 2
    totals: dict[int, float] = defaultdict(float)
    for p in Placement.objects.filter(round__event=event):
        totals[p.entry_id] += p.matchpoints
    assert {e.pk: e.points for e in Entry.objects.filter(event=event)} == dict(totals)


def test_a_duplicate_round_is_dealt_anew_each_round(staff: Any, players: Any) -> None:
    users = players(4)
    event = event_with(staff, users, game="german", kind="duplicate", rounds=2, table_size=2)
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    all_present(event)
    services.event_tick()
    seeds = list(event.round_set.order_by("number").values_list("seed", flat=True))
    assert len(seeds) == 2 and seeds[0] != seeds[1] and None not in seeds
