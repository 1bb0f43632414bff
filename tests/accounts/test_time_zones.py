"""Times in the player's time zone (issue 44 item 4): shown in the zone their browser sends
(the `tz` cookie), or the one chosen on their profile, which wins; typed in it too, and
stored in UTC; a zone the site does not know is ignored (UTC, named so)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from social.models import Kind, Notification
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db

START = datetime(2027, 1, 15, 18, 0, tzinfo=UTC)  # winter: Amsterdam is UTC+1, New York -5


@pytest.fixture
def ann(db: Any) -> Any:
    return get_user_model().objects.create_user("ann", password="pw", display_name="Ann")


def event_of(user: Any) -> Event:
    return services.event_create(user, name="Winter cup", game="knockout", rounds=2,
                                 starts_at=START, private=True)  # fmt: skip


def client_in(user: Any, zone: str | None) -> Client:
    client = Client()
    client.force_login(user)
    if zone is not None:
        client.cookies["tz"] = zone
    return client


def test_times_are_shown_in_the_zone_the_browser_sends(ann: Any) -> None:
    event = event_of(ann)
    page = client_in(ann, "Europe/Amsterdam").get(f"/events/{event.pk}/").content.decode()
    assert "2027-01-15 19:00 CET" in page and "UTC" not in page


def test_without_a_zone_times_are_shown_in_utc_and_say_so(ann: Any) -> None:
    event = event_of(ann)
    page = client_in(ann, None).get(f"/events/{event.pk}/").content.decode()
    assert "2027-01-15 18:00 UTC" in page


def test_a_zone_the_site_does_not_know_is_ignored(ann: Any) -> None:
    event = event_of(ann)
    page = client_in(ann, "Mars/Olympus_Mons").get(f"/events/{event.pk}/").content.decode()
    assert "2027-01-15 18:00 UTC" in page


def test_the_zone_chosen_on_the_profile_wins_over_the_browsers(ann: Any) -> None:
    ann.time_zone = "America/New_York"
    ann.save(update_fields=["time_zone"])
    event = event_of(ann)
    page = client_in(ann, "Europe/Amsterdam").get(f"/events/{event.pk}/").content.decode()
    assert "2027-01-15 13:00 EST" in page


def test_the_profile_keeps_a_chosen_zone_and_refuses_an_unknown_one(ann: Any) -> None:
    client = client_in(ann, None)
    form = {"display_name": "Ann", "email": "", "time_zone": "Europe/Berlin"}
    assert client.post("/accounts/profile/edit/", form).status_code == 302
    ann.refresh_from_db()
    assert ann.time_zone == "Europe/Berlin"
    refused = client.post("/accounts/profile/edit/", {**form, "time_zone": "Nowhere/Land"})
    assert refused.status_code == 200 and b"time_zone" in refused.content
    ann.refresh_from_db()
    assert ann.time_zone == "Europe/Berlin"
    back = client.post("/accounts/profile/edit/", {**form, "time_zone": ""})  # the browser's
    assert back.status_code == 302
    ann.refresh_from_db()
    assert ann.time_zone == ""


def test_a_time_typed_in_the_event_form_is_read_in_the_players_zone_and_stored_in_utc(
    ann: Any,
) -> None:
    client = client_in(ann, "Europe/Amsterdam")
    form_page = client.get("/events/new/").content.decode()
    assert "Starts at (CET)" in form_page
    form = {"name": "Typed", "game": "knockout", "kind": "swiss", "table_size": 4,
            "rounds": 2, "starts_at": "2027-01-15T19:00", "round_minutes": 15,
            "time_limit": 60, "bot_level": "club", "private": "on",
            "preset": "classic"}  # fmt: skip
    response = client.post("/events/new/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Event.objects.get(name="Typed").starts_at == START


def test_a_moved_start_is_typed_in_the_players_zone(ann: Any) -> None:
    event = event_of(ann)
    client = client_in(ann, "America/New_York")
    client.post(f"/events/{event.pk}/reschedule/", {"starts_at": "2027-01-15T14:30"})
    event.refresh_from_db()
    assert event.starts_at == datetime(2027, 1, 15, 19, 30, tzinfo=UTC)


def test_a_moved_start_is_told_in_the_readers_zone(ann: Any) -> None:
    bob = get_user_model().objects.create_user("bob", password="pw", display_name="Bob")
    Notification.objects.create(
        user=bob, kind=Kind.EVENT, data={"what": "moved", "title": "Winter cup",
                                         "starts_at": START.isoformat(), "url": "/events/1/"},
    )  # fmt: skip
    page = client_in(bob, "Europe/Amsterdam").get("/notifications/").content.decode()
    assert "Winter cup now starts at 2027-01-15 19:00 CET." in page
