"""An elimination event's rounds as the page and the standings tell them
(docs/rules.md §5.9): who sits a round out, who counts as absent, the ranking by the round
a player went out in, the next round's time, and what the seating decided kept with the
round."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services as games
from games.models import Seat
from games.services.errors import ServiceError
from tests.tournaments.conftest import all_present, due_now, event_with, play_round
from tournaments import selectors, services
from tournaments.models import Entry, Event, Placement, Round

pytestmark = pytest.mark.django_db(transaction=True)


def start_round(event: Event, number: int, present: bool = True) -> None:
    if present:
        all_present(event)
    else:
        due_now(event)
    assert services.event_tick() == 1
    event.refresh_from_db()
    assert event.current_round == number


def test_a_waiting_leaver_sits_a_rated_elimination_round_out_and_cannot_take_the_seat(
    staff: Any, players: Any
) -> None:
    """docs/rules.md §4.4: a rated event's round that starts during the wait is sat out; in
    an elimination event a bot plays the seat for them, and they cannot come back to it."""
    from rankings.services import game_score_create
    from tests.rankings.test_leavers import leave

    users = players(6)
    for minutes in (30, 5):
        leave(users[0], lambda table: game_score_create(table.pk), minutes)
    event = event_with(staff, users, kind="elimination", table_size=3, through=1, rated=True)
    start_round(event, 1)
    mine = Placement.objects.get(round__event=event, entry__user=users[0])
    assert mine.absent
    seat = Seat.objects.get(table_id=mine.table_id, index=mine.seat)
    assert seat.user_id is None and seat.bot  # the bot's seat, not theirs to take back
    with pytest.raises(ServiceError):
        games.seat_back(mine.table_id, users[0])
    assert Entry.objects.get(event=event, user=users[0]).absences == 1


def test_byes_and_players_out_are_not_counted_absent(staff: Any, players: Any) -> None:
    event = event_with(staff, players(5), kind="elimination", table_size=2, through=1,
                       game="german")  # fmt: skip
    start_round(event, 1, present=False)  # nobody has the page open
    seated = set(Placement.objects.filter(round__event=event).values_list("entry_id", flat=True))
    entries = Entry.objects.filter(event=event)
    assert {e.absences for e in entries if e.pk in seated} == {1}
    assert [e.absences for e in entries if e.pk not in seated] == [0]  # the bye


def test_players_out_are_not_withdrawn(staff: Any, players: Any, settings: Any) -> None:
    settings.WHIST_EVENT_ABSENCES = 1
    event = event_with(staff, players(9), kind="elimination", table_size=3, through=1)
    start_round(event, 1)
    play_round(event, 1)
    settings.WHIST_EVENT_PRESENT = 0  # nobody has had the page open since
    start_round(event, 2, present=False)
    out = Entry.objects.filter(event=event, out_round=1)
    assert out.count() == 6
    assert not any(e.withdrawn or e.absences for e in out)


def test_the_standings_rank_by_the_round_a_player_went_out_in(staff: Any, players: Any) -> None:
    users = players(5)
    event = event_with(staff, users, kind="elimination", table_size=2, through=1,
                       game="german")  # fmt: skip
    rows = {u.username: Entry.objects.get(event=event, user=u) for u in users}
    facts = {"p00": (None, None, 1.0), "p01": (3, None, 2.0), "p02": (1, None, 9.0),
             "p03": (None, 1, 4.0), "p04": (2, None, 0.0)}  # fmt: skip
    for name, (out, withdrawn, points) in facts.items():
        Entry.objects.filter(pk=rows[name].pk).update(
            out_round=out, withdrawn=withdrawn is not None, withdrawn_round=withdrawn,
            points=points,
        )  # fmt: skip
    ranked = [e.user.username for e in selectors.standings(event)]
    # the winner; out in round 3; withdrawn after going through round 1 and out in round 2
    # (more points first); then out in round 1, whatever their points
    assert ranked == ["p00", "p01", "p03", "p04", "p02"]


def test_the_next_round_is_due_until_the_final_whatever_the_round_count(
    staff: Any, players: Any, client: Any
) -> None:
    event = event_with(staff, players(9), kind="elimination", table_size=3, through=1)
    start_round(event, 1)
    Event.objects.filter(pk=event.pk).update(rounds=1)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="next-round"' in page
    listing = client.get("/events/").content.decode()
    assert "1 / 1<" not in listing
    play_round(event, 1)
    start_round(event, 2)  # the final
    assert not client.get(f"/events/{event.pk}/").context["next_round_due"]


def test_the_next_round_due_reads_as_the_events_other_times(
    staff: Any, players: Any, client: Any
) -> None:
    """Day, hour and minute with the zone, as the event's start and the events list show
    times (templates/tournaments/list_rows.html), not the seconds of an ISO stamp."""
    event = event_with(staff, players(9), kind="elimination", table_size=3, through=1)
    start_round(event, 1)
    page = client.get(f"/events/{event.pk}/").content.decode()
    shown = re.search(r'data-testid="next-round">([^<]*)<', page)
    assert shown and re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", shown.group(1))


def test_the_round_keeps_what_its_seating_decided(staff: Any, players: Any, client: Any) -> None:
    event = event_with(staff, players(5), kind="elimination", table_size=2, through=1,
                       game="german")  # fmt: skip
    start_round(event, 1)
    first = Round.objects.get(event=event, number=1)
    seated = set(Placement.objects.filter(round=first).values_list("entry_id", flat=True))
    (bye,) = set(Entry.objects.filter(event=event).values_list("pk", flat=True)) - seated
    assert first.byes == [bye] and not first.final and first.together == 0
    bye_name = str(Entry.objects.get(pk=bye).user)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="byes-1"' in page and bye_name in page
    with CaptureQueriesContext(connection) as one:
        selectors.rounds_of(event)
    play_round(event, 1)
    start_round(event, 2)
    with CaptureQueriesContext(connection) as two:
        selectors.rounds_of(event)
    assert len(two) == len(one)  # not a query per round
