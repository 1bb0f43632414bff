"""A Whist table with three Expert bots: the turned card stays known, a whole hand plays out."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import card_name, sign_up, take_turn, wait_for_hand

pytestmark = pytest.mark.django_db(transaction=True)


def test_whist_with_three_expert_bots_keeps_the_turned_card_known_through_a_hand(
    page: Page, site_url: str
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_viewport_size({"width": 1280, "height": 860})
    sign_up(page, site_url, "wim", "Wim")

    page.click("[data-testid=create-table]")
    page.select_option("#id_game", "whist")
    for seat in (1, 2, 3):
        page.select_option(f"#id_seat_{seat}", "expert")
    page.click("[data-testid=create-submit]")
    page.get_by_role("button", name="Start the game").click()
    wait_for_hand(page)
    turned = page.evaluate("() => window.whistTable.msg.view.turned")
    assert turned, "the turned card is in the view at the start of the hand"
    expect(page.locator("#info")).to_contain_text(f"turned up the {card_name(turned)}")

    played: list[str] = []
    held_seen = False
    while len(played) < 13:
        action = take_turn(page)
        if action is None:
            page.wait_for_timeout(50)
        elif len(action) == 2:
            played.append(action)
        # The view and the panel it drew, read together: the next deal may arrive any time.
        view, info = page.evaluate(
            "() => [window.whistTable.msg.view, document.querySelector('#info').textContent]"
        )
        if view["turned"] and not view["turned_up"] and view["deal"] == 0:
            assert f"holds the turned card, the {card_name(view['turned'])}" in info, info
            held_seen = True
    assert len(set(played)) == 13
    assert held_seen, "the dealer picked up the turned card during the hand"
    assert not errors, errors
