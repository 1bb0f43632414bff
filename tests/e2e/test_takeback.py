"""A misclick taken back at a casual table, in two real browsers (issue 45 item 5): the
player who led asks, the other agrees, the card is back in the leader's hand."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from tests.e2e.helpers import PASSWORD, table_page_as, take_turn
from tests.e2e.table_steps import overlap
from tests.games.helpers import state

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = "/work/wt/shots/45"


def test_a_card_is_taken_back_when_the_other_player_agrees(browser: Browser, site_url: str):
    ann, bob = (
        get_user_model().objects.create_user(n, password=PASSWORD, display_name=n.title())
        for n in ("ann", "bob")
    )
    table = services.table_create(ann, "german")
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)
    leader = state(table.pk).to_act
    pages = [table_page_as(browser, site_url, name, table.pk) for name in ("ann", "bob")]
    asker, other = pages[leader], pages[1 - leader]

    card = take_turn(asker)
    assert card is not None and len(card) == 2
    asker.get_by_test_id("takeback").click()
    offer = other.get_by_test_id("takeback-offer")
    expect(offer).to_contain_text("asks to take back their last card")
    box = "(el) => el.getBoundingClientRect().toJSON()"
    plate = other.locator(f'#seats .seat[data-seat="{1 - leader}"]').evaluate(box)
    assert not overlap(offer.evaluate(box), plate)  # beside the player's own plate
    other.screenshot(path=f"{SHOTS}/takeback-asked.png")
    offer.get_by_role("button", name="Agree").click()

    expect(asker.locator(f'#hand .card[data-card="{card}"]')).to_have_count(1)
    expect(asker.locator("#hand .card")).to_have_count(13)
    expect(other.get_by_test_id("takeback-offer")).to_have_count(0)
    asker.screenshot(path=f"{SHOTS}/takeback-done.png")
    events = state(table.pk).events
    assert [str(a.kind) for a in events[-2:]] == ["play", "takeback"]


def test_a_card_that_completed_its_trick_is_taken_back(browser: Browser, site_url: str):
    """The trick's last card (a Knockout trick that ended no round): the trick is open again."""
    ann, bob = (
        get_user_model().objects.create_user(n, password=PASSWORD, display_name=n.title())
        for n in ("ann", "bob")
    )
    table = services.table_create(ann, "knockout", 2, options={"exchange": False})
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)
    leader = state(table.pk).to_act
    pages = [table_page_as(browser, site_url, name, table.pk) for name in ("ann", "bob")]
    first, last = pages[leader], pages[1 - leader]
    assert take_turn(first) is not None
    card = take_turn(last)
    assert card is not None and state(table.pk).trick == ()  # the trick is complete
    last.get_by_test_id("takeback").click()
    first.get_by_test_id("takeback-offer").get_by_role("button", name="Agree").click()
    expect(last.locator(f'#hand .card[data-card="{card}"]')).to_have_count(1)
    expect(last.locator("#trick .trick-card")).to_have_count(1)
    last.screenshot(path=f"{SHOTS}/takeback-completed-trick.png")
    assert state(table.pk).trick_log == ()
