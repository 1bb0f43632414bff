"""The lobby in a browser: a row arrives live exactly as the page renders it, and its "Sit
down" seats the player; at the table, seats and chat notices name bots by their level."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import sign_up, take_turn, wait_for_hand

pytestmark = pytest.mark.django_db(transaction=True)


def signed_up(browser: Browser, site_url: str, name: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    sign_up(page, site_url, name, name.title())
    return page


def test_a_row_arrives_live_as_the_page_renders_it_and_sit_down_seats(
    browser: Browser, site_url: str
) -> None:
    ann = signed_up(browser, site_url, "ann")
    expect(ann.locator("#lobby-live")).to_have_text("Open tables update live.")
    bob = signed_up(browser, site_url, "bob")
    bob.click("[data-testid=create-table]")
    bob.select_option("#id_game", "knockout")
    bob.fill("#id_players", "3")
    bob.select_option("#id_seat_1", "club")
    bob.click("[data-testid=create-submit]")
    expect(bob.locator("#dialog")).to_contain_text("Waiting for players")

    row = ann.locator("[data-testid=open-tables] li.table-row")
    expect(row).to_contain_text("Bot (Club player)")  # pushed over the lobby socket
    live = row.inner_html()
    ann.reload()
    expect(row).to_have_count(1)
    assert row.inner_html() == live  # the same row as the first page load renders

    row.get_by_role("button", name="Sit down").click()
    ann.wait_for_url(re.compile(r"/tables/\d+/$"))
    expect(ann.locator("#dialog")).to_contain_text("Ann")


def test_the_table_and_its_notices_name_bots_by_their_level(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    sign_up(page, site_url, "cy", "Cy")
    page.get_by_role("button", name="Whist", exact=True).click()  # quick play, Beginner bots
    wait_for_hand(page)

    expect(page.locator(".seat .name").filter(has_text="Bot (Beginner)")).to_have_count(3)
    # Three bots of one level are told apart by their seat number, as on the game's page.
    for number in (2, 3, 4):
        expect(page.locator(".seat .name", has_text=f"Bot (Beginner) {number}")).to_have_count(1)
    take_turn(page)  # when the deal leaves Cy to lead, the bots play after Cy's card
    expect(page.locator("#announcer")).to_contain_text(
        re.compile(r"Bot \(Beginner\) [234] played the"), timeout=15000
    )
    notice = page.locator("#chat-log .sys").filter(has_text="dealt and turned up")
    expect(notice.first).to_have_text(
        re.compile(r"^(Cy|Bot \(Beginner\) [234]) dealt and turned up")
    )


def test_a_lobby_of_many_tables_shows_one_page_and_filters_and_pages_on(
    browser: Browser, site_url: str
) -> None:
    from django.contrib.auth import get_user_model

    from games.models import Seat, Table

    owner = get_user_model().objects.create_user("owner", password="!", display_name="Owner")
    games = [("whist", 4)] * 60 + [("german", 2)] * 30 + [("knockout", 5)] * 30
    tables = Table.objects.bulk_create(
        Table(game=game, players=players, created_by=owner, rated=i % 3 == 0)
        for i, (game, players) in enumerate(games)
    )
    Seat.objects.bulk_create(
        Seat(table=t, index=i, user=owner if i == 0 else None)
        for t in tables for i in range(t.players)
    )  # fmt: skip
    ann = signed_up(browser, site_url, "ann")
    rows = ann.locator("[data-testid=open-tables] li.table-row")

    expect(rows).to_have_count(30)
    expect(ann.locator("#page-count")).to_have_text("30 of 120 tables")
    newest = int(rows.first.get_attribute("data-table"))
    assert newest == tables[-1].pk
    ann.screenshot(path="/tmp/lobby-many-tables.png", full_page=True)

    ann.get_by_role("link", name="Older tables").click()
    expect(rows.first).not_to_have_attribute("data-table", str(newest))
    assert (
        int(rows.first.get_attribute("data-table"))
        < int(rows.last.get_attribute("data-table")) + 30
    )
    assert int(rows.first.get_attribute("data-table")) < newest - 29

    ann.select_option("#filter-game", "german")
    expect(ann.locator("#page-count")).to_have_text("30 of 30 tables")
    expect(rows.filter(has_text="German Whist")).to_have_count(30)
    ann.check("#filter-rated")
    expect(ann.locator("#page-count")).to_have_text("10 of 10 tables")
    assert "game=german" in ann.url and "rated=1" in ann.url
    ann.reload()  # the filter is in the address: the page load shows the same list
    expect(rows).to_have_count(10)
    ann.screenshot(path="/tmp/lobby-filtered.png", full_page=True)
