"""A Whist pair queued together, in real browsers: Ann (English) names Bob in the pool form,
Bob (German) sees the invitation on his lobby page and accepts, both pages say they wait as
partners, and bots fill the other side after the pair's wait; at the table Ann and Bob sit
on one side (the game's partnerships). In Dutch: when one partner stops waiting, the other's
page says the pair's wait ended."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from games.engine.descriptors import side_of
from games.models import PoolEntry, Seat, Table
from tests.e2e.helpers import PASSWORD, log_in

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS")  # a folder: the test saves what it saw there


def in_lobby(browser: Browser, site_url: str, user: str, locale: str, width: int = 1280) -> Page:
    context = browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
    page = context.new_page()
    log_in(page, site_url, user)
    page.goto(f"{site_url}/lobby/")
    return page


def users(*names: str) -> None:
    for name in names:
        get_user_model().objects.create_user(name, password=PASSWORD, display_name=name.title())


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.locator("#pool").screenshot(path=f"{SHOTS}/{name}.png")


def invite(page: Page, partner: str, wait: str = "") -> None:
    page.select_option("#pool-game", "whist")
    page.select_option("#pool-wait", wait)
    page.fill("[data-testid=pool-partner]", partner)
    page.click("[data-testid=pool-join]")


def test_a_whist_pair_queues_together_and_is_seated_as_partners(
    browser: Browser, site_url: str
) -> None:
    users("ann", "bob")
    ann = in_lobby(browser, site_url, "ann", "en-GB")
    bob = in_lobby(browser, site_url, "bob", "de-DE", 390)
    expect(ann.locator("#pool-partner-field")).to_be_hidden()  # Knockout Whist: no partners
    ann.select_option("#pool-game", "whist")
    expect(ann.locator("#pool-partner-field")).to_be_visible()  # Whist is played in pairs
    ann.select_option("#pool-game", "german")
    expect(ann.locator("#pool-partner-field")).to_be_hidden()  # German Whist is not
    invite(ann, "bob", "15")
    status = ann.locator("[data-testid=pool-status]")
    expect(status).to_contain_text("Waiting for Bob to accept")
    expect(ann.locator("[data-testid=pool-leave]")).to_be_visible()
    shot(ann, "partners-1-invited-en")
    offer = bob.locator("[data-testid=pool-invites] li")
    expect(offer).to_contain_text("Ann lädt dich ein, Whist · ungewertet als Partner zu spielen.")
    shot(bob, "partners-2-invitation-de")
    offer.get_by_role("button", name="Annehmen").click()
    bob_status = bob.locator("[data-testid=pool-status]")
    expect(bob_status).to_contain_text("Du und Ann wartet als Partner")
    expect(status).to_contain_text("You and Bob wait as partners")
    expect(bob.locator("[data-testid=pool-invites]")).to_be_hidden()
    shot(ann, "partners-3-waiting-en")
    shot(bob, "partners-4-waiting-de")
    # After the pair's 15 s, bots take the other side.
    ann.wait_for_url("**/tables/*/", timeout=40_000)
    bob.wait_for_url("**/tables/*/", timeout=40_000)
    assert ann.url == bob.url
    ann.wait_for_selector("#hand .card")
    table = Table.objects.get(seats__user__username="ann")
    side = {s.user.username if s.user else "bot": side_of("whist", s.index)
            for s in Seat.objects.filter(table=table).select_related("user")}  # fmt: skip
    bots = [side_of("whist", s.index) for s in Seat.objects.filter(table=table, user=None)]
    assert side["ann"] == side["bob"] and bots == [1 - side["ann"]] * 2
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/partners-5-table.png")


def test_when_one_partner_stops_waiting_the_others_page_says_so_in_dutch(
    browser: Browser, site_url: str
) -> None:
    users("cy", "dee")
    cy = in_lobby(browser, site_url, "cy", "nl-NL")
    dee = in_lobby(browser, site_url, "dee", "nl-NL")
    invite(cy, "Dee")  # keep waiting for people: nobody else comes
    expect(cy.locator("[data-testid=pool-status]")).to_contain_text("Wachten tot Dee")
    offer = dee.locator("[data-testid=pool-invites] li")
    expect(offer).to_contain_text(
        "Cy nodigt je uit om Whist · niet gewaardeerd als partners te spelen."
    )
    shot(dee, "partners-6-invitation-nl")
    offer.get_by_role("button", name="Aanvaarden").click()
    expect(cy.locator("[data-testid=pool-status]")).to_contain_text("wachten als partners")
    dee.click("[data-testid=pool-leave]")
    expect(cy.locator("[data-testid=pool-status]")).to_contain_text(
        "Je partner heeft de wachtrij verlaten"
    )
    expect(cy.locator("[data-testid=pool-join]")).to_be_visible()
    shot(cy, "partners-7-partner-left-nl")
    assert not PoolEntry.objects.exists()
