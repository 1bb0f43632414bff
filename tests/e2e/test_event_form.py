"""An event with house rules made from the form (issue 44 item 2): the Dutch preset's button
sets the Knockout options as on the create-table form, and the event page names the rules."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.helpers import sign_up
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_knockout_event_with_the_dutch_rules_is_created_from_the_form(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_up(page, site_url, "ann", "Ann")
    page.goto(f"{site_url}/events/new/")
    page.fill("#id_name", "Dutch Tuesday")
    page.select_option("#id_game", "knockout")
    start = (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page.fill("#id_starts_at", start)
    expect(page.locator('fieldset[data-game="whist"]')).to_be_hidden()
    page.click('[data-preset="dutch"]')
    expect(page.locator("#id_sweep_wins")).to_be_checked()
    page.screenshot(path="/tmp/whist-e2e-event-form.png", full_page=True)
    page.click("[data-testid=event-submit]")
    expect(page.locator("[data-testid=event-preset]")).to_contain_text("Dutch")
    event = Event.objects.get(name="Dutch Tuesday")
    assert event.preset == "dutch" and event.options["sweep_wins"] is True
    page.select_option("#language-select", "nl")  # the page in Dutch: the rules named so
    expect(page.locator("[data-testid=event-preset]")).to_contain_text("Regels")
    page.screenshot(path="/tmp/whist-e2e-event-dutch-rules.png", full_page=True)
