"""A Whist event entered as a pair, in real browsers: Ann (English) asks Bob on the event's
page, Bob (Dutch) sees the request there beside Cy's, declines Cy's and accepts Ann's, and
the page lists the pair; Dan's request to Bob, left open, lapses and is no longer shown; a
whist drive's page says it takes no pairs. Seating as partners:
tests/tournaments/test_event_pairs.py."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import PASSWORD, log_in
from tests.staff import second_factor
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS")  # a folder: the test saves what it saw there


def at_event(browser: Browser, site_url: str, user: str, locale: str, event_id: int) -> Page:
    page = browser.new_context(viewport={"width": 1100, "height": 900}, locale=locale).new_page()
    log_in(page, site_url, user)
    page.goto(f"{site_url}/events/{event_id}/")
    return page


def test_a_whist_pair_enters_an_event_together(browser: Browser, site_url: str) -> None:
    users = get_user_model().objects
    staff = second_factor(
        users.create_user("director", password="pw", display_name="Director", is_staff=True)
    )
    for name in ("ann", "bob", "cy", "dan"):
        users.create_user(name, password=PASSWORD, display_name=name.title())
    later = timezone.now() + timedelta(hours=1)
    event = services.event_create(staff, name="Pairs night", game="whist", table_size=4,
                                  rounds=3, starts_at=later)  # fmt: skip
    drive = services.event_create(staff, name="Friday drive", game="whist", table_size=4,
                                  rounds=12, kind="drive", movement="progressive",
                                  starts_at=later)  # fmt: skip
    ann = at_event(browser, site_url, "ann", "en-GB", event.pk)
    pairs = ann.locator("[data-testid=event-pairs]")
    pairs.get_by_label("Enter with a partner (their username)").fill("bob")
    pairs.get_by_role("button", name="Ask").click()
    expect(ann.locator("[data-testid=my-partner]")).to_contain_text("You asked Bob")
    expect(ann.locator("[data-testid=leave-event]")).to_be_visible()  # asking signed Ann up
    if SHOTS:
        pairs.screenshot(path=f"{SHOTS}/event-pair-1-asked-en.png")
    for other in ("cy", "dan"):  # two more ask Bob
        services.entry_partner_ask(users.get(username=other), event.pk, "bob")
    bob = at_event(browser, site_url, "bob", "nl-NL", event.pk)
    asking = bob.locator("[data-testid=partner-asking]")
    expect(asking).to_have_count(3)
    if SHOTS:
        bob.locator("[data-testid=event-pairs]").screenshot(
            path=f"{SHOTS}/event-pair-2-request-nl.png"
        )
    cys = asking.filter(has_text="Cy vraagt je om als partner mee te doen.")
    cys.get_by_role("button", name="Afwijzen").click()
    expect(asking).to_have_count(2)
    expect(asking.filter(has_text="Cy")).to_have_count(0)
    anns = asking.filter(has_text="Ann vraagt je om als partner mee te doen.")
    anns.get_by_role("button", name="Aannemen").click()
    expect(bob.locator("[data-testid=my-partner]")).to_contain_text("Je partner: Ann.")
    expect(asking).to_have_count(0)  # Dan's request lapsed with the pair
    expect(bob.locator("[data-testid=pairs-list]")).to_contain_text("Ann & Bob")
    if SHOTS:
        bob.locator("[data-testid=event-pairs]").screenshot(
            path=f"{SHOTS}/event-pair-3-paired-nl.png"
        )
    assert Entry.objects.get(event=event, user__username="bob").partner.user.username == "ann"
    assert Entry.objects.get(event=event, user__username="dan").partner_asked is None
    ann.goto(f"{site_url}/events/{drive.pk}/")
    refusal = ann.locator("[data-testid=pairs-refusal]")
    expect(refusal).to_contain_text("a whist drive moves partners every hand by design")
    if SHOTS:
        ann.locator("[data-testid=event-pairs]").screenshot(path=f"{SHOTS}/event-pair-4-drive.png")
