"""Elimination events run through the services (docs/rules.md §5.9)."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest
from django.utils import timezone

from accounts.services import block_add
from games.services.errors import ServiceError
from tests.tournaments.conftest import all_present, event_with, play_round
from tournaments import services
from tournaments.models import Entry, Event, Placement
from tournaments.services.elimination import settle

pytestmark = pytest.mark.django_db(transaction=True)


def seated(event: Event, number: int) -> dict[int, list[Placement]]:
    tables: dict[int, list[Placement]] = defaultdict(list)
    for p in Placement.objects.filter(round__event=event, round__number=number):
        tables[p.number].append(p)
    return tables


def start_round(event: Event, number: int) -> None:
    all_present(event)
    assert services.event_tick() == 1
    event.refresh_from_db()
    assert event.current_round == number


def test_top_k_of_each_table_go_through_and_rounds_run_until_one_table_is_left(
    staff: Any, players: Any
) -> None:
    event = event_with(staff, players(9), kind="elimination", table_size=3, through=1)
    start_round(event, 1)
    first = seated(event, 1)
    assert sorted(len([p for p in t if p.entry]) for t in first.values()) == [3, 3, 3]
    play_round(event, 1)
    start_round(event, 2)  # the final: the three table winners
    for table in first.values():
        for p in table:
            p.refresh_from_db()
        best = min(p.place for p in table)
        winners = [p for p in table if p.place == best]
        ins = [p for p in table if Entry.objects.get(pk=p.entry_id).out_round is None]
        assert len(ins) == 1 and ins[0] in winners  # the best place (ties: the standings)
    final = seated(event, 2)
    assert len(final) == 1 and len(final[1]) == 3
    play_round(event, 2)
    services.event_tick()
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.current_round == 2
    outs = sorted(Entry.objects.filter(event=event).values_list("out_round", flat=True),
                  key=lambda r: r or 0)  # fmt: skip
    assert outs.count(None) >= 1 and outs.count(1) == 6


def test_byes_go_to_the_best_seeds_and_they_go_through(staff: Any, players: Any) -> None:
    event = event_with(staff, players(5), kind="elimination", table_size=2, through=1,
                       game="german")  # fmt: skip
    start_round(event, 1)
    tables = seated(event, 1)
    assert len(tables) == 2
    sitting = {p.entry_id for t in tables.values() for p in t}
    bye = set(Entry.objects.filter(event=event).values_list("pk", flat=True)) - sitting
    assert len(bye) == 1
    play_round(event, 1)
    start_round(event, 2)
    assert Entry.objects.get(pk=bye.pop()).out_round is None
    assert Entry.objects.filter(event=event, out_round=1).count() == 2


def test_blocked_pairs_are_seated_at_different_tables(staff: Any, players: Any) -> None:
    users = players(8)
    for other in users[1:4]:
        block_add(users[0], other)  # three of the four others of a table blocked
    event = event_with(staff, users, kind="elimination", table_size=4, through=2)
    start_round(event, 1)
    for table in seated(event, 1).values():
        ids = {p.entry.user_id for p in table if p.entry}
        if users[0].pk in ids:
            assert not ids & {u.pk for u in users[1:4]}


def test_whist_sends_the_winning_side_through(staff: Any, players: Any) -> None:
    with pytest.raises(ServiceError):
        event_with(staff, players(8), kind="elimination", game="whist", through=1)
    event = event_with(staff, players(8, "q"), kind="elimination", game="whist", through=2)
    assert event.through == 2


@pytest.mark.parametrize("through", [0, 4, 5])
def test_at_least_one_through_and_one_out_at_a_full_table(
    staff: Any, players: Any, through: int
) -> None:
    with pytest.raises(ServiceError):
        event_with(staff, players(4), kind="elimination", table_size=4, through=through)


def test_the_event_form_creates_an_elimination_event(staff: Any, client: Any) -> None:
    client.force_login(staff)
    start = (timezone.localtime() + timezone.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    response = client.post("/events/new/", {
        "name": "Cup", "game": "knockout", "kind": "elimination", "table_size": 4,
        "rounds": 4, "starts_at": start, "round_minutes": 15, "time_limit": 60,
        "bot_level": "club", "through": 2, "preset": "classic", "private": "on",
    })  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(name="Cup")
    assert (event.kind, event.through) == ("elimination", 2)


def test_a_bot_winning_the_final_makes_no_person_winner_and_tied_people_share_its_place(
    staff: Any, players: Any, client: Any
) -> None:
    """docs/rules.md §5.9 (its item 6): the final's best place wins; a bot's best place
    (bots are not entries) leaves no person the winner, and two people tied behind it share
    second place (docs/rules.md §0.6) on the event page, the third person after them
    (fourth)."""
    event = event_with(staff, players(3), kind="elimination", table_size=4, through=1)
    start_round(event, 1)  # three fit one table of four: the final, a bot in the fourth seat
    seats = list(Placement.objects.filter(round__event=event, round__number=1))
    assert [p.entry_id for p in seats].count(None) == 1
    places = iter([2, 2, 4])
    for p in seats:
        p.place = 1 if p.entry_id is None else next(places)
        p.points = 0.0
    Placement.objects.bulk_update(seats, ["place", "points"])
    Entry.objects.filter(event=event).update(games=1)
    assert settle(event, 1)  # the final
    assert not Entry.objects.filter(event=event, out_round__isnull=True).exists()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    client.force_login(staff)
    page = client.get(f"/events/{event.pk}/").content.decode()
    ranks = re.findall(r'data-testid="rank">([^<]*)<', page)
    assert ranks == ["2", "2", "4"], ranks
    assert ">winner<" not in page
