"""Two people in two browsers join the casual German Whist pool and meet at one table."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import PASSWORD, log_in

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS")  # a folder: the test saves what it saw there


def in_lobby(browser: Browser, site_url: str, user: str, width: int) -> Page:
    context = browser.new_context(viewport={"width": width, "height": 860})
    page = context.new_page()
    log_in(page, site_url, user)
    page.goto(f"{site_url}/lobby/")
    return page


def join_german(page: Page) -> None:
    page.select_option("#pool-game", "german")
    page.select_option("#pool-rated", "0")
    page.select_option("#pool-wait", "")  # keep waiting for people
    page.click("[data-testid=pool-join]")


def test_two_people_join_the_casual_german_whist_pool_and_meet_at_a_table(
    browser: Browser, site_url: str
) -> None:
    for name in ("ann", "bob"):
        get_user_model().objects.create_user(name, password=PASSWORD, display_name=name.title())
    ann = in_lobby(browser, site_url, "ann", 1280)
    bob = in_lobby(browser, site_url, "bob", 390)
    expect(ann.locator("#pool-players-field")).to_be_visible()  # Knockout Whist: how many
    join_german(ann)
    expect(ann.locator("[data-testid=pool-status]")).to_contain_text("Looking for people")
    expect(ann.locator("#pool-players-field")).to_be_hidden()
    # Bob's lobby counts Ann live, before he joins.
    expect(bob.locator("#pool-counts li[data-game=german]")).to_contain_text("1 person waiting")
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/pool-waiting.png", full_page=True)
        bob.screenshot(path=f"{SHOTS}/pool-count-mobile.png", full_page=True)
    join_german(bob)
    ann.wait_for_url("**/tables/*/")
    bob.wait_for_url("**/tables/*/")
    assert ann.url == bob.url
    ann.wait_for_selector("#hand .card")
    bob.wait_for_selector("#hand .card")
    expect(ann.locator("#table-app")).to_contain_text("Bob")
    expect(bob.locator("#table-app")).to_contain_text("Ann")
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/pool-table.png")
