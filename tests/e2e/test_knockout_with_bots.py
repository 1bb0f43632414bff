"""A new player signs up, opens a Knockout Whist table with a bot of each level and plays it to
the end."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import game_over, play_until_over, sign_up, wait_for_hand

pytestmark = pytest.mark.django_db(transaction=True)


def test_sign_up_create_knockout_table_with_bots_and_play_to_the_end(
    page: Page, live_site_url: str
) -> None:
    """Through the deployed stack: Redis channel layer, bot turns on a real Celery worker."""
    site_url = live_site_url
    page.set_viewport_size({"width": 1280, "height": 860})
    sign_up(page, site_url, "ann", "Ann <i>the bold</i>")
    expect(page.locator(".nav-user")).to_have_text("Ann <i>the bold</i>")  # escaped, as text

    page.click("[data-testid=create-table]")
    page.select_option("#id_game", "knockout")
    page.fill("#id_players", "4")
    for seat, level in ((1, "beginner"), (2, "club"), (3, "expert")):  # one of each level
        page.select_option(f"#id_seat_{seat}", level)
    page.click("[data-testid=create-submit]")
    expect(page.locator("#dialog")).to_contain_text("Ready to start")  # every seat taken
    page.get_by_role("button", name="Start the game").click()

    wait_for_hand(page)
    expect(page.locator("#trump-box")).to_be_visible()
    page.screenshot(path="/tmp/whist-e2e-knockout-start.png")

    played = play_until_over(page, seconds=150)

    assert played, "the player never had a card to play"
    assert game_over(page)
    expect(page.locator("#dialog")).to_contain_text("Game over")
    expect(page.locator("[data-testid=result]")).not_to_be_empty()
    # The ranking numbers its places; tied players share one.
    places = page.locator("#dialog [data-testid=ranking] li .place").all_text_contents()
    result = page.evaluate("() => window.whistTable.msg.table.result"
                           " || window.whistTable.msg.view.result")  # fmt: skip
    sizes = [len(group) for group in result["ranking"]]
    expected, place = [], 1
    for size in sizes:
        expected.append(f"{place}.")
        place += size
    assert places == expected
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    page.screenshot(path="/tmp/whist-e2e-knockout-over.png")
