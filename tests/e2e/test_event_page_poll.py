"""A player's event page whose notices socket cannot open (refused, backing off) polls the
event's version slowly, so it still shows what changed (static/js/event.js)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.helpers import PASSWORD, log_in
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_players_event_page_without_its_socket_polls_and_shows_a_new_sign_up(
    page: Page, site_url: str
) -> None:
    users = get_user_model().objects
    ann = users.create_user("ann", password=PASSWORD, display_name="Ann")
    start = timezone.now() + timedelta(hours=1)
    event = services.event_create(
        ann, name="Quiet cup", game="knockout", rounds=2, private=True, starts_at=start
    )
    page.route_web_socket("**/ws/notices/**", lambda ws: ws.close(code=1011))  # never opens
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/events/{event.pk}/")
    expect(page.locator("[data-testid=standings]")).to_have_count(0)
    services.entry_join(ann, event.pk)
    Event.objects.filter(pk=event.pk).update(version=event.version + 5)
    expect(page.locator("[data-testid=standings]")).to_contain_text("Ann", timeout=25_000)
