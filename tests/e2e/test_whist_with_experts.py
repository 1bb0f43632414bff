"""A Whist table with three Expert bots: the turned card stays known, a whole hand plays out."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.models import Move
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
    turned, dealer = page.evaluate(
        "() => [window.whistTable.msg.view.turned, window.whistTable.msg.view.dealer]"
    )
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
    # Held from the dealer's first turn until they play it: a dealer who plays it at that
    # turn never holds it, and the view rightly never says so. Otherwise the page must have
    # said it at some turn of ours.
    table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    first = (
        Move.objects.filter(table_id=table_id, seat=dealer, event__action="play")
        .order_by("number")
        .values_list("event__card", flat=True)
        .first()
    )
    assert held_seen or first == turned, "the dealer held the turned card, the page never said so"
    assert not errors, errors
