"""A player who sits an event's round out is told so, and when the next round is due, and
is not sent to a table: an elimination's bye, a seat the bot plays for the whole round
(docs/rules.md §5.9), a round sat out (docs/rules.md §5.5)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import all_present, event_with, play_round
from tournaments import selectors, services
from tournaments.models import Entry, Placement, Round

pytestmark = pytest.mark.django_db(transaction=True)


def page_of(user: Any, event: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/events/{event.pk}/").content.decode()


def test_a_player_with_a_bye_is_told_so_and_when_the_next_round_is_due(
    staff: Any, players: Any
) -> None:
    users = players(5)
    event = event_with(staff, users, kind="elimination", table_size=2, through=1,
                       game="german")  # fmt: skip
    all_present(event)
    services.event_tick()
    (bye,) = Round.objects.get(event=event, number=1).byes
    bye_user = Entry.objects.get(pk=bye).user
    page = page_of(bye_user, event)
    assert 'data-testid="my-table"' not in page
    assert 'data-how="bye"' in page and "You have a bye in round 1" in page
    assert 'data-testid="sitting-out-next"' in page
    playing = next(u for u in users if u != bye_user)
    page = page_of(playing, event)
    assert 'data-testid="my-table"' in page and 'data-testid="sitting-out"' not in page


def test_a_player_whose_seat_the_bot_plays_is_not_sent_to_it(staff: Any, players: Any) -> None:
    from rankings.services import game_score_create
    from tests.rankings.test_leavers import leave

    users = players(6)
    for minutes in (30, 5):  # two leaves in a week: a wait before the next rated game
        leave(users[0], lambda table: game_score_create(table.pk), minutes)
    event = event_with(staff, users, kind="elimination", table_size=3, through=1, rated=True)
    all_present(event)
    services.event_tick()
    event.refresh_from_db()
    assert Placement.objects.filter(round__event=event, entry__user=users[0]).exists()
    assert selectors.my_table(event, users[0]) is None
    page = page_of(users[0], event)
    assert 'data-testid="my-table"' not in page and 'data-how="bot"' in page
    assert "a bot plays your seat for the whole round" in page


def test_the_game_over_dialog_names_no_table_whose_seat_the_bot_plays(
    staff: Any, players: Any
) -> None:
    from rankings.services import game_score_create
    from tests.rankings.test_leavers import leave

    event = event_with(staff, players(9), kind="elimination", table_size=3, through=1,
                       rated=True)  # fmt: skip
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    first = Placement.objects.filter(
        round__event=event, round__number=1, place=1, entry__isnull=False
    ).first()
    winner = first.entry.user  # goes through to the final
    for minutes in (30, 5):  # then leaves two rated games: a wait over the final
        leave(winner, lambda table: game_score_create(table.pk), minutes)
    all_present(event)
    services.event_tick()
    client = Client()
    client.force_login(winner)
    after = client.get(reverse("table_after"), {"table": first.table_id}).json()
    assert after["next"] is None
    assert after["sitting_out"] == {"how": "bot", "round": 2}
