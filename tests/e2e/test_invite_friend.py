"""Playing with a friend: one person finds the other by name, invites them to a
new table from their player page; the invitation appears at once on the other's open page,
and accepting it seats them at the table."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import PASSWORD, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def person(browser: Browser, site_url: str, name: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    log_in(page, site_url, name)
    return page


def test_an_invitation_from_a_players_page_appears_live_and_accepting_seats_then_friends(
    browser: Browser, site_url: str
) -> None:
    for name in ("ann", "bob"):
        get_user_model().objects.create_user(name, password=PASSWORD, display_name=name.title())
    bob = person(browser, site_url, "bob")
    bob.goto(f"{site_url}/")  # a page with no socket of its own: the notices socket
    expect(bob.locator("[data-testid=notice-count]")).to_be_hidden()

    ann = person(browser, site_url, "ann")
    ann.get_by_role("link", name="Players").click()
    ann.fill("[data-testid=player-search]", "bo")
    ann.get_by_role("button", name="Search").click()
    ann.locator("[data-testid=search-results]").get_by_role("link", name="Bob").click()
    expect(ann.locator("[data-testid=invite-game]")).to_be_visible()  # Bob's page, loaded
    ann.screenshot(path="/tmp/whist-player-page.png", full_page=True)
    ann.select_option("[data-testid=invite-game]", "german")
    ann.click("[data-testid=invite-send]")
    expect(ann.locator("#dialog")).to_contain_text("Waiting for players")
    table_url = ann.url

    toast = bob.locator("[data-testid=notice-toast]")
    expect(toast).to_contain_text("Ann invites you to a table of German Whist.", timeout=5000)
    expect(bob.locator("[data-testid=notice-count]")).to_have_text("1")
    bob.screenshot(path="/tmp/whist-invitation-toast.png")
    toast.get_by_role("button", name="Accept").click()
    bob.wait_for_url(table_url)
    expect(ann.locator("#dialog")).to_contain_text("Bob")  # seated, live on ann's table page
    expect(bob.locator("#dialog")).to_contain_text("Ann")
    ann.screenshot(path="/tmp/whist-invitation-accepted.png")

    # Friends: asked from Bob's page; Bob, at the table, is told live over the table's socket.
    ann.goto(f"{site_url}/accounts/players/bob/")
    ann.click("[data-testid=friend-ask]")
    expect(ann.locator("[data-testid=friend-asked]")).to_be_visible()
    expect(bob.locator("[data-testid=notice-toast]").first).to_contain_text(
        "Ann asks to be your friend."
    )
    bob.goto(f"{site_url}/friends/")
    bob.locator("[data-testid=friend-requests]").get_by_role("button", name="Accept").click()
    expect(bob.locator("[data-testid=friends-list]")).to_contain_text("Ann")
    ann.goto(f"{site_url}/friends/")  # Bob is online (his friends page has a socket) at a table
    expect(ann.locator("[data-testid=friend-bob]")).to_contain_text("online")
    expect(ann.locator("[data-testid=watch-bob]")).to_have_attribute(
        "href", table_url[len(site_url) :]
    )
    ann.screenshot(path="/tmp/whist-friends.png")

    bob.goto(f"{site_url}/notifications/")
    expect(bob.locator("[data-testid=notification-list]")).to_contain_text("Ann invites you")
    bob.screenshot(path="/tmp/whist-notification-centre.png")
