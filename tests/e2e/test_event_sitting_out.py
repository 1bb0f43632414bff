"""A player with a bye in an elimination event (docs/rules.md §5.9) is told so, in the
event page's live part and in the game-over dialog of their last table, with no table to
go to, and when the next round starts. The players are absent: their seats' stand-in bots
play the tables on the server; the byes fall as the seeding says (round 2: a winner of
round 1, the best seed)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.staff import second_factor
from tournaments import services
from tournaments.models import Entry, Event, Placement, Round

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/event-sitting-out"


def round_seated(event: Event, number: int, seconds: float = 60.0) -> Round:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = Round.objects.filter(event=event, number=number).first()
        if found is not None:
            return found
        time.sleep(0.5)
    raise AssertionError(f"round {number} was not seated in {seconds} s")


def round_played(board: Round, seconds: float = 180.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        board.refresh_from_db()
        if board.finished is not None:
            return
        time.sleep(1)
    raise AssertionError(f"round {board.number} did not end in {seconds} s")


def started_cup(names: tuple[str, ...]) -> Event:
    """A German Whist elimination event, tables of two, made by a director: `names` entered
    (accounts of those names), its start come."""
    users = get_user_model().objects
    staff = second_factor(
        users.create_user("director", password=PASSWORD, display_name="Director", is_staff=True)
    )
    event = services.event_create(
        staff, name="German cup", game="german", kind="elimination", table_size=2, through=1,
        rounds=3, round_minutes=5, starts_at=timezone.now() + timedelta(hours=1),
        bot_level="beginner",
    )  # fmt: skip
    for name in names:
        user = users.create_user(name, password=PASSWORD, display_name=name.title())
        services.entry_join(user, event.pk)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())  # the start has come
    return event


def page_as(browser: Browser, site_url: str, username: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(page, site_url, username)
    return page


def test_a_player_with_a_bye_is_told_so_on_the_event_page_and_after_their_last_table(
    browser: Browser, site_url: str
) -> None:
    event = started_cup(("ann", "bob", "cat", "dan", "eve"))

    first = round_seated(event, 1)  # five players, tables of two: two tables and a bye
    (bye,) = first.byes
    page = page_as(browser, site_url, Entry.objects.get(pk=bye).user.username)
    page.goto(f"{site_url}/events/{event.pk}/")
    told = page.locator("[data-testid=sitting-out]")
    expect(told).to_contain_text("You have a bye in round 1")
    expect(told.locator("[data-testid=sitting-out-next]")).to_be_visible()
    expect(page.locator("[data-testid=my-table]")).to_have_count(0)
    page.screenshot(path=f"{SHOTS}/bye-1-event-page.png", full_page=True)

    round_played(first)
    # Round 2 is due: a winner of round 1 has the bye, the best seed of the three still in.
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(minutes=6))
    second = round_seated(event, 2)
    (winner,) = second.byes
    name = Entry.objects.get(pk=winner).user.username
    table = Placement.objects.get(round=first, entry_id=winner).table_id
    page = page_as(browser, site_url, name)
    page.goto(f"{site_url}/tables/{table}/")
    dialog = page.locator("#dialog")
    expect(dialog.locator("[data-testid=sitting-out]")).to_contain_text(
        "You have a bye in round 2", timeout=20_000
    )
    expect(dialog.locator("[data-testid=next-table]")).to_have_count(0)
    page.screenshot(path=f"{SHOTS}/bye-2-game-over-dialog.png")
    page.select_option("#language-select", "de")
    expect(page.locator("#dialog [data-testid=sitting-out]")).to_contain_text(
        "Freilos", timeout=20_000
    )
    page.screenshot(path=f"{SHOTS}/bye-3-game-over-dialog-de.png")
    page.goto(f"{site_url}/events/{event.pk}/")
    expect(page.locator("[data-testid=sitting-out]")).to_contain_text("in Runde 2 ein Freilos")
    page.screenshot(path=f"{SHOTS}/bye-4-event-page-de.png", full_page=True)
