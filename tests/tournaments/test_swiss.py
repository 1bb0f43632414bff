"""Swiss events driven through the services: rounds, seating, points and standings
(docs/rules.md §5)."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations
from typing import Any

import pytest
from django.test import override_settings

from records.models import GamePlayer
from tests.tournaments.conftest import all_present, event_with, play_round
from tournaments import selectors, services
from tournaments.models import STANDING_ORDER, Entry, Event, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def recount_from_records(event: Event) -> dict[int, float]:
    """Each user's points recomputed from records' stored rows alone: at a table of n
    seats, place q is worth (n - q) / (n - 1), tied places share the mean.
    docs/rules.md §5.2"""
    totals: dict[int, float] = defaultdict(float)
    tables = Placement.objects.filter(round__event=event).values_list("table_id", flat=True)
    for table_id in set(tables):
        rows = list(GamePlayer.objects.filter(record_id=table_id))
        n = len(rows)
        count = Counter(r.place for r in rows)
        for r in rows:
            span = range(r.place, r.place + count[r.place])
            if r.user_id is not None and not r.bot:
                totals[r.user_id] += sum((n - q) / (n - 1) for q in span) / len(span)
    return totals


def repeat_free_exists(groups: list[list[int]], met: set[frozenset]) -> bool:
    """A brute-force search: could the round's players sit at tables of these sizes with no
    two who met before at one table?"""
    people = sorted(p for g in groups for p in g)
    sizes = sorted((len(g) for g in groups), reverse=True)

    def fill(left: list[int], sizes: list[int]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        for others in combinations(rest, sizes[0] - 1):
            group = (first, *others)
            if all(frozenset(p) not in met for p in combinations(group, 2)):
                if fill([p for p in rest if p not in others], sizes[1:]):
                    return True
        return False

    return fill(people, sizes)


def test_a_16_player_knockout_swiss_of_4_rounds_runs_to_its_end_and_its_standings_equal_a_recount_from_the_records(  # noqa: E501
    staff: Any, players: Any
) -> None:
    users = players(16)
    event = event_with(staff, users, rounds=4, table_size=4)
    met: set[frozenset] = set()
    for number in range(1, 5):
        all_present(event)
        assert services.event_tick() == 1
        event.refresh_from_db()
        assert event.current_round == number
        tables: dict[int, list[int]] = defaultdict(list)
        for p in Placement.objects.filter(round__event=event, round__number=number):
            tables[p.table_id].append(p.entry_id)
        groups = list(tables.values())
        assert sorted(len(g) for g in groups) == [4, 4, 4, 4]
        repeats = [pair for g in groups for pair in combinations(g, 2) if frozenset(pair) in met]
        if repeats:  # no two meet twice where the numbers allow it
            assert not repeat_free_exists(groups, met), (number, repeats)
        met |= {frozenset(pair) for g in groups for pair in combinations(g, 2)}
        play_round(event, number)
    services.event_tick()
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    expected = recount_from_records(event)
    entries = {e.user_id: e for e in Entry.objects.filter(event=event)}
    assert {u: round(e.points, 9) for u, e in entries.items()} == {
        u: round(expected[u], 9) for u in entries
    }
    assert all(e.games == 4 for e in entries.values())
    shown = selectors.standings(event)  # the order the page shows
    keys = [(-e.points, -e.opponents_points, -e.wins, e.joined) for e in shown]
    assert keys == sorted(keys) and len(shown) == 16  # tie-breaks applied in their order


def meetings(group: Any, met: Counter) -> int:
    """How many of the pairs in `group` met before."""
    return sum(met[frozenset(pair)] for pair in combinations(group, 2))


def test_the_leaders_sit_together_in_the_second_round(staff: Any, players: Any) -> None:
    users = players(8)
    event = event_with(staff, users, rounds=2, table_size=4)
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    all_present(event)
    services.event_tick()
    ranked = list(
        Entry.objects.filter(event=event).order_by(*STANDING_ORDER).values_list("pk", flat=True)
    )
    # Leaders together, fewest repeat meetings first (docs/rules.md §5): the best-ranked
    # four with the leader among those who repeat the fewest round-1 meetings. That is the
    # top four when they came two from each round-1 table; with places tied at both tables
    # the top four can hold three who met (the test asked for them then, and failed).
    met: Counter = Counter()
    tables: dict[int, list[int]] = {}
    first_round = Placement.objects.filter(round__event=event, round__number=1)
    for table_id, entry in first_round.values_list("table_id", "entry_id"):
        tables.setdefault(table_id, []).append(entry)
    for group in tables.values():
        met.update(frozenset(pair) for pair in combinations(group, 2))
    with_leader = [c for c in combinations(ranked, 4) if ranked[0] in c]
    fewest = min(meetings(c, met) for c in with_leader)
    best = min(
        (c for c in with_leader if meetings(c, met) == fewest),
        key=lambda c: sorted(ranked.index(p) for p in c),
    )
    first_table = Placement.objects.filter(round__event=event, round__number=2, number=1)
    assert set(first_table.values_list("entry_id", flat=True)) == set(best)


def test_a_table_that_cannot_be_filled_with_people_gets_bots_whose_results_do_not_count(
    staff: Any, players: Any
) -> None:
    users = players(5)
    event = event_with(staff, users, rounds=1, table_size=4)
    all_present(event)
    services.event_tick()
    seats = list(Placement.objects.filter(round__event=event))
    assert len(seats) == 8 and sum(p.entry_id is None for p in seats) == 3
    play_round(event, 1)
    total = sum(Entry.objects.filter(event=event).values_list("points", flat=True))
    bots = sum(p.points for p in Placement.objects.filter(round__event=event, entry=None))
    assert total + bots == pytest.approx(4.0)  # each table's points sum to n/2
    assert Entry.objects.filter(event=event).count() == 5


def test_whist_partnerships_are_drawn_per_round_and_each_player_scores_their_sides_result(
    staff: Any, players: Any
) -> None:
    users = players(4)
    event = event_with(staff, users, game="whist", rounds=2, table_size=4,
                       options={"target": 1})  # fmt: skip
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    seats = {p.seat: p for p in Placement.objects.filter(round__event=event, round__number=1)}
    assert seats[0].points == seats[2].points and seats[1].points == seats[3].points
    assert {seats[0].points, seats[1].points} == {0.0, 1.0}
    all_present(event)
    services.event_tick()
    again = {
        p.seat: p.entry_id for p in Placement.objects.filter(round__number=2, round__event=event)
    }
    first = {frozenset((seats[0].entry_id, seats[2].entry_id)),
             frozenset((seats[1].entry_id, seats[3].entry_id))}  # fmt: skip
    assert frozenset((again[0], again[2])) not in first  # fewest repeat partnerships


def test_german_whist_is_paired_by_the_dutch_system_with_no_repeat_pairing(
    staff: Any, players: Any
) -> None:
    users = players(6)
    event = event_with(staff, users, game="german", rounds=3, table_size=2)
    pairs: set[frozenset] = set()
    for number in range(1, 4):
        all_present(event)
        services.event_tick()
        tables: dict[int, list[int]] = defaultdict(list)
        for p in Placement.objects.filter(round__event=event, round__number=number):
            tables[p.table_id].append(p.entry_id)
        for group in tables.values():
            assert len(group) == 2 and frozenset(group) not in pairs
            pairs.add(frozenset(group))
        play_round(event, number)


@override_settings(WHIST_EVENT_PRESENT=60)
def test_a_no_show_is_seated_played_by_a_bot_and_withdrawn_after_two_rounds_keeping_results(
    staff: Any, players: Any
) -> None:
    users = players(4)
    event = event_with(staff, users, rounds=3, table_size=4)
    all_present(event, but=users[3])
    services.event_tick()
    absent = Placement.objects.get(round__event=event, round__number=1, entry__user=users[3])
    assert absent.absent
    seat = absent.table.seats.get(index=absent.seat)
    assert seat.user_id == users[3].pk and seat.away  # a bot plays for them
    play_round(event, 1)
    all_present(event, but=users[3])
    services.event_tick()
    entry = Entry.objects.get(event=event, user=users[3])
    assert entry.withdrawn and entry.withdrawn_round == 2
    play_round(event, 2)
    all_present(event)
    services.event_tick()
    third = Placement.objects.filter(round__event=event, round__number=3)
    assert users[3].pk not in {p.entry.user_id for p in third if p.entry}
    entry.refresh_from_db()
    assert entry.games == 2  # past results kept


def test_sign_up_closes_at_the_start(staff: Any, players: Any) -> None:
    users = players(3)
    event = event_with(staff, users[:2], rounds=1)
    services.event_tick()
    with pytest.raises(services.ServiceError) as refused:
        services.entry_join(users[2], event.pk)
    assert refused.value.code == "started"


def test_a_player_may_create_only_a_private_event_joined_by_its_invite_link(players: Any) -> None:
    from datetime import timedelta

    from django.utils import timezone

    ann, bob = players(2)
    start = timezone.now() + timedelta(hours=1)
    with pytest.raises(services.ServiceError):
        services.event_create(ann, name="Mine", game="knockout", starts_at=start, rounds=2)
    event = services.event_create(
        ann, name="Mine", game="knockout", starts_at=start, rounds=2, private=True
    )
    with pytest.raises(services.ServiceError) as refused:
        services.entry_join(bob, event.pk)
    assert refused.value.code == "forbidden"
    services.entry_join(bob, event.pk, token=event.invite_token)
