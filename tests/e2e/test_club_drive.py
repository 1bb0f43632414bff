"""A club's whist drive as new players meet it (issue 44 item 5): Ann makes a club from the
Clubs page, Bob and Cy join it, Ann creates the club's drive from its page (members only);
Bob hears of it by a notice, Bob and Cy sign up, the club's other members too (away: bots
play their hands), three tables with bots in the empty places; Bob plays each of his hands
in the browser and moves to his next table from the game-over dialog; at the end, the
standings, the prizes and Bob's score card (a new partner every hand: the progressive
movement) on the event page, and the club's page lists the finished drive."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from clubs.models import Club, Membership
from tests.e2e.helpers import play_until_over, sign_up
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
# Two hands: Bob goes on to his next table from the first one's game-over dialog and to the
# event page from the last one's, each once, and meets a new partner (a third hand repeated
# the first's step: a third of Bob's play in the browser).
HANDS = 2
SHOTS = os.environ.get("WHIST_SHOTS", "/tmp")


def shot(page: Page, name: str) -> None:
    page.screenshot(path=f"{SHOTS}/club-{name}.png", full_page=True)


def newcomer(browser: Browser, site_url: str, username: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    sign_up(page, site_url, username, username.title())
    return page


def join_from_the_list(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/lobby/")
    page.get_by_role("link", name="Clubs", exact=True).first.click()
    page.get_by_role("link", name="Hearts of Oak").click()
    page.click("[data-testid=club-join]")
    expect(page.locator("[data-testid=my-role]")).to_contain_text("member")


def make_the_drive(ann: Page) -> None:
    ann.click("[data-testid=club-create-event]")
    expect(ann.locator("[data-testid=event-club]")).to_contain_text("Hearts of Oak")
    ann.fill("#id_name", "Oak drive")
    ann.select_option("#id_game", "whist")
    ann.select_option("#id_kind", "drive")
    ann.fill("#id_rounds", str(HANDS))
    ann.fill("#id_starts_at", (timezone.now() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"))
    ann.check("input[name=movement][value=progressive]")
    ann.select_option("#id_bot_level", "beginner")
    ann.fill("#id_prize_first", "The oak cup")
    ann.fill("#id_prize_booby", "A wooden spoon")
    ann.check("#id_members_only")
    shot(ann, "3-drive-form")
    ann.click("[data-testid=event-submit]")
    expect(ann.locator("[data-testid=event-club]")).to_contain_text("Only the club's members")


def play_the_drive(bob: Page, event: Event) -> None:
    """Bob goes to his table from the event page, plays his hand, and goes on from the
    game-over dialog to his next table (the last one: to the event page)."""
    for _ in range(60):
        bob.reload()
        if bob.locator("[data-testid=my-table]").count():
            break
        bob.wait_for_timeout(1_000)
    bob.click("[data-testid=my-table]")
    for hand in range(1, HANDS + 1):
        bob.wait_for_url("**/tables/*/")
        play_until_over(bob, 240)
        if hand == HANDS - 1:
            shot(bob, "6-game-over-next-table")
        if hand < HANDS:
            bob.locator("[data-testid=next-table]").click(timeout=60_000)
    bob.locator("[data-testid=event-page]").click(timeout=60_000)


PRESENT_SECONDS = 2


@pytest.fixture
def short_presence(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's event presence window (WHIST_EVENT_PRESENT, 90 s) cut to PRESENT_SECONDS:
    a page closed longer ago than that is absent (asked before site_url starts the server)."""
    monkeypatch.setenv("WHIST_EVENT_PRESENT", str(PRESENT_SECONDS))


def test_a_clubs_drive_from_making_the_club_to_the_score_cards(
    page: Page, browser: Browser, short_presence: None, site_url: str
) -> None:
    ann = page
    ann.set_viewport_size({"width": 1280, "height": 1000})
    sign_up(ann, site_url, "ann", "Ann")
    ann.get_by_role("link", name="Clubs", exact=True).first.click()
    ann.click("[data-testid=create-club]")
    ann.fill("#id_name", "Hearts of Oak")
    ann.fill("#id_about", "Whist on Friday nights.")
    ann.click("[data-testid=club-submit]")
    expect(ann.locator("[data-testid=club-name]")).to_have_text("Hearts of Oak")
    bob, cy = newcomer(browser, site_url, "bob"), newcomer(browser, site_url, "cy")
    join_from_the_list(bob, site_url)
    join_from_the_list(cy, site_url)
    ann.reload()
    expect(ann.locator("[data-testid=members] li")).to_have_count(3)
    shot(ann, "1-club-page")
    cy.goto(f"{site_url}/clubs/")
    shot(cy, "2-clubs-list")

    make_the_drive(ann)
    event = Event.objects.get(name="Oak drive")
    bob.goto(f"{site_url}/notifications/")
    expect(bob.locator("body")).to_contain_text("Hearts of Oak announced an event: Oak drive.")
    shot(bob, "4-notice")
    for player in (bob, cy):
        player.goto(f"{site_url}/events/{event.pk}/")
        player.click("[data-testid=join-event]")
        expect(player.locator("[data-testid=leave-event]")).to_be_visible()
    ann.reload()
    ann.click("[data-testid=join-event]")

    club, users = Club.objects.get(), get_user_model().objects
    for i in range(7):  # the club's other members, away: the stand-in bots play for them
        user = users.create_user(f"m{i}", password="pw", display_name=f"Member {i}")
        Membership.objects.create(club=club, user=user)
        services.entry_join(user, event.pk)
    # Ann and Cy leave the event page: once their sockets have been closed longer than the
    # server's presence window (short_presence), only Bob is present and stand-ins play the rest.
    ann.goto("about:blank")
    cy.goto("about:blank")
    ann.wait_for_timeout(PRESENT_SECONDS * 1000 + 1000)
    bob.goto(f"{site_url}/events/{event.pk}/")
    shot(bob, "5-drive-before")
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())  # the start has come
    play_the_drive(bob, event)

    status = bob.locator("[data-testid=event-status]")
    for _ in range(40):
        if status.inner_text() == "finished":
            break
        bob.wait_for_timeout(3_000)
        bob.reload()
    expect(status).to_have_text("finished")
    expect(bob.locator("[data-testid=round-1] tbody tr")).to_have_count(3)  # three tables
    expect(bob.locator("[data-testid=drive-prizes]")).to_contain_text("The oak cup")
    shot(bob, "7-drive-standings")
    card = bob.locator("[data-testid=score-card] tbody tr")
    expect(card).to_have_count(HANDS)
    partners = [card.nth(i).locator("td").nth(3).inner_text() for i in range(HANDS)]
    assert all(a != b for a, b in zip(partners, partners[1:], strict=False)), partners
    bob.locator("[data-testid=score-card]").scroll_into_view_if_needed()
    shot(bob, "8-score-card")
    bob.goto(f"{site_url}/clubs/hearts-of-oak/")
    expect(bob.locator("[data-testid=club-past]")).to_contain_text("Oak drive")
    bob.select_option("#language-select", "de")
    expect(bob.locator("[data-testid=club-events]")).to_contain_text("Turniere")
    shot(bob, "9-club-page-german")
