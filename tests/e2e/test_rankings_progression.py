"""A rated game against a bot, then the rankings a new player sees: the rating change and XP in
the game-over dialog, the profile (rating, graph, level, a new achievement), and a new card
back and the four-colour front chosen there and drawn at the next table."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.e2e.helpers import PASSWORD, log_in, play_until_over

pytestmark = pytest.mark.django_db(transaction=True)


def create_table(page: Page, base: str, game: str, rated: bool) -> None:
    page.goto(f"{base}/tables/new/")
    page.select_option("#id_game", game)
    if game == "knockout":
        page.fill("#id_players", "2")
    page.select_option("#id_seat_1", "beginner")
    if rated:
        page.check("#id_rated")
    page.click("[data-testid=create-submit]")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#hand .card")


def test_a_rated_game_then_the_profile_and_new_cards_at_the_next_table(
    page: Page, site_url: str
) -> None:
    get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, site_url, "ann")
    create_table(page, site_url, "knockout", rated=True)
    expect(page.locator(".seat .tag-level").first).to_have_text("Level 1")
    play_until_over(page, 240)

    dialog = page.locator("#dialog [data-testid=awards]")
    expect(dialog.locator("[data-testid=awards-rating]")).to_contain_text("Rating: 1000 →")
    expect(dialog.locator("[data-testid=awards-xp]")).to_contain_text("XP")
    expect(dialog).to_contain_text("Achievement: Rated")
    table_url = page.url
    page.reload()  # the awards come back from the endpoint after a reload
    expect(page.locator("#dialog [data-testid=awards-rating]")).to_contain_text("Rating: 1000 →")
    page.goto(f"{site_url}/accounts/profile/")
    card = page.locator("[data-testid=rating-knockout]")
    expect(card).to_contain_text("provisional")
    expect(card.locator("[data-testid=rating-graph-knockout] circle")).to_have_count(1)
    expect(page.locator("[data-testid=profile-level]")).to_have_text("Level 1")
    expect(page.locator("[data-testid=profile-xp]")).to_contain_text("XP")
    expect(page.locator(".achievement.earned[data-code=first_rated]")).to_contain_text("earned")
    expect(page.locator("[data-testid=recent-games] a")).to_have_attribute(
        "href", table_url.replace(site_url, "")
    )

    page.check("input[name=back][value=blue]")
    page.check("input[name=front][value=four_colour]")
    expect(page.locator("input[name=back][value=gold]")).to_be_disabled()  # level 10
    page.click("[data-testid=cards-save]")
    expect(page.locator(".messages")).to_contain_text("Your cards were saved.")

    create_table(page, site_url, "german", rated=False)
    expect(page.locator("#hand svg[data-front=four_colour]").first).to_be_visible()
    expect(page.locator("#talon-box svg[data-back=blue]")).to_be_visible()  # the own back
    expect(page.locator(".seat .mini-hand svg[data-back=red]").first).to_be_visible()  # the bot's
    diamonds = page.locator('#hand svg[data-card$="D"] path[fill="#1a5fb4"]')
    clubs = page.locator('#hand svg[data-card$="C"] path[fill="#1e7b34"]')
    assert diamonds.count() + clubs.count() > 0  # 13 cards hold a diamond or a club
    page.screenshot(path="/tmp/whist-e2e-rankings-next-table.png")
