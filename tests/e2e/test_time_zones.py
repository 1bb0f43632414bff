"""Times in the player's zone in the browser (issue 44 item 4): a browser in Amsterdam sees
an event's start in CET from its second page on (its first page tells the site its zone),
types the start of a new event in CET (stored in UTC), and a zone chosen on the profile
(New York) wins over the browser's."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import sign_up
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS", "/tmp")


def test_an_amsterdam_browser_sees_and_types_times_in_cet_and_the_profile_may_change_it(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(
        viewport={"width": 1280, "height": 1000}, timezone_id="Europe/Amsterdam"
    )
    page = context.new_page()
    sign_up(page, site_url, "ann", "Ann")
    page.goto(f"{site_url}/events/new/")
    expect(page.locator("label[for=id_starts_at]")).to_have_text("Starts at (CET)")
    page.fill("#id_name", "Winter cup")
    page.select_option("#id_game", "knockout")
    page.fill("#id_starts_at", "2027-01-15T19:00")
    page.screenshot(path=f"{SHOTS}/tz-1-form-cet.png", full_page=True)
    page.click("[data-testid=event-submit]")
    expect(page.locator("[data-testid=event-status]")).to_be_visible()
    event = Event.objects.get(name="Winter cup")
    assert event.starts_at == datetime(2027, 1, 15, 18, 0, tzinfo=UTC)
    expect(page.locator("body")).to_contain_text("from 2027-01-15 19:00 CET")
    page.screenshot(path=f"{SHOTS}/tz-2-event-cet.png", full_page=True)

    page.goto(f"{site_url}/accounts/profile/edit/")
    page.select_option("#id_time_zone", "America/New_York")
    page.screenshot(path=f"{SHOTS}/tz-3-profile.png", full_page=True)
    page.locator("form.stack-form button[type=submit]").click()
    page.goto(f"{site_url}/events/")
    expect(page.locator("[data-testid=coming-events]")).to_contain_text("2027-01-15 13:00 EST")
    page.screenshot(path=f"{SHOTS}/tz-4-events-new-york.png", full_page=True)
    context.close()
