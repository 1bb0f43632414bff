"""Misclicks forgiven on a touch screen (issue 45 item 5): on a phone-sized touch viewport
the first tap on a card lifts it and sends nothing, the second plays it; with the switch
off one tap plays."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import left_hand, sign_up
from tests.e2e.table_steps import ARTIFACTS, MY_TURN, create_table

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/two-taps"
CORNER = {"x": 6, "y": 24}  # the visible corner of a fanned card


def legal_card_on_my_turn(page: Page) -> str:
    page.wait_for_function(MY_TURN, timeout=30000)
    return page.locator("#hand .card.legal").first.get_attribute("data-card")


def test_on_a_touch_screen_a_card_is_played_by_two_taps(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)  # fmt: skip
    page = context.new_page()
    sign_up(page, site_url, "tia", "Tia")
    create_table(page, site_url, "whist")
    toggle = page.get_by_test_id("two-taps")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-checked", "true")

    card = legal_card_on_my_turn(page)
    page.locator(f'#hand .card[data-card="{card}"]').tap(position=CORNER)
    expect(page.locator(f'#hand .card.lifted[data-card="{card}"]')).to_be_visible()
    assert page.evaluate("() => [window.whistTable.pending, window.whistTable.lifted]") == [
        False, card]  # fmt: skip
    page.screenshot(path=f"{SHOTS}/two-taps-lifted.png")
    page.locator(f'#hand .card[data-card="{card}"]').tap(position=CORNER)
    assert left_hand(page, card)

    toggle.tap()
    expect(toggle).to_have_attribute("aria-checked", "false")
    card = legal_card_on_my_turn(page)
    page.locator(f'#hand .card[data-card="{card}"]').tap(position=CORNER)
    assert left_hand(page, card)
