"""The event page's links to its tables' games lead somewhere for whoever sees them."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tests.tournaments.conftest import all_present, play_round
from tournaments import services
from tournaments.models import Event, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_private_events_page_links_no_game_its_viewer_cannot_open(
    staff: Any, players: Any
) -> None:
    """A private event's games are private: each is for its own players (and staff). The
    page linked every table's record and replay (and while it played, "watch") to everyone
    who sees the event: for a player of another table (or a club's member, the organiser)
    each link was a 404 (a 403 to watch)."""
    users = players(8)
    event = services.event_create(
        staff, name="Private", game="knockout", rounds=2, table_size=4, private=True,
        options={"start_cards": 3}, starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    for user in users:
        services.entry_join(user, event.pk, event.invite_token)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    all_present(event)
    assert services.event_tick() == 1
    client = Client()
    client.force_login(users[0])
    during = client.get(f"/events/{event.pk}/").content.decode()
    watched = set(re.findall(r'href="(/tables/\d+/)"', during))
    mine = Placement.objects.get(round__event=event, entry__user=users[0]).table_id
    assert f"/tables/{mine}/" in watched  # the viewer's own table, while it plays
    assert {link: client.get(link).status_code for link in watched} == dict.fromkeys(watched, 200)
    play_round(event, 1)
    page = client.get(f"/events/{event.pk}/").content.decode()
    links = set(re.findall(r'href="(/(?:games|tables)/\d+/[^"]*)"', page))
    assert f"/games/{mine}/" in links  # the viewer's own table: its record is linked
    assert {link: client.get(link).status_code for link in links} == dict.fromkeys(links, 200)
