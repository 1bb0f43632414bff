"""An event's start is typed in the player's zone (accounts/time_zones.py) and must lie ahead,
but not past what a date can hold: a start of 9999-12-31 23:59 was taken, and every page that
showed it to a player east of UTC (the events list, the event's page) failed with
OverflowError ('date value out of range', django.utils.timezone.localtime); typed west of UTC,
the move of a start failed at its save the same way."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FAR = "9999-12-31T23:59"


def client_of(user: Any, zone: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["tz"] = zone  # the browser's zone, as static/js/site.js keeps it
    return client


def _form(start: str) -> dict[str, Any]:
    return {"name": "Far away", "game": "knockout", "kind": "swiss", "table_size": 4,
            "rounds": 3, "starts_at": start, "round_minutes": 15, "time_limit": 60,
            "bot_level": "club", "preset": "classic"}  # fmt: skip


def test_a_start_beyond_a_year_is_refused(players: Any) -> None:
    (ann,) = players(1)
    far = datetime(9999, 12, 31, 23, 59, tzinfo=UTC)
    with pytest.raises(services.ServiceError) as refused:
        services.event_create(ann, name="Far", game="knockout", rounds=2, table_size=4,
                              private=True, starts_at=far)  # fmt: skip
    assert refused.value.code == "bad_start" and not Event.objects.exists()
    services.event_create(ann, name="Near", game="knockout", rounds=2, table_size=4,
                          private=True, starts_at=timezone.now() + timedelta(days=300))  # fmt: skip


def test_the_form_refuses_the_last_minute_of_9999_and_the_events_pages_still_open(
    players: Any,
) -> None:
    ann, bob = players(2)
    page = client_of(ann, "UTC").post(reverse("event_create"), _form(FAR))
    assert page.status_code == 200 and not Event.objects.exists()
    assert "within a year" in page.content.decode()
    tokyo = client_of(bob, "Asia/Tokyo")
    assert tokyo.get(reverse("events")).status_code == 200


def test_moving_the_start_to_9999_west_of_utc_is_refused_not_a_server_error(
    players: Any,
) -> None:
    (ann,) = players(1)
    start = timezone.now() + timedelta(hours=2)
    event = services.event_create(ann, name="Mine", game="knockout", rounds=2, table_size=4,
                                  private=True, starts_at=start)  # fmt: skip
    client = client_of(ann, "Pacific/Pago_Pago")  # UTC-11: 9999-12-31 23:59 is past year 9999
    page = client.post(reverse("event_reschedule", args=[event.pk]), {"starts_at": FAR})
    assert page.status_code == 302
    assert any("within a year" in str(m) for m in get_messages(page.wsgi_request))
    assert Event.objects.get(pk=event.pk).starts_at == start
