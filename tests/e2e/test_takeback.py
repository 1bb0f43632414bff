"""A misclick taken back at a casual table, in two real browsers (issue 45 item 5): the
player who led asks, the other agrees, the card is back in the leader's hand. Each test
plays a deal it chooses (tests/games/helpers.deal_where) in which the card taken back had
alternatives: a seat's only legal card is never taken back (games/engine/takeback.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from tests.e2e.helpers import PASSWORD, table_page_as, take_turn
from tests.e2e.table_steps import overlap
from tests.games.helpers import deal_where, no_single_suit, state

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_card_is_taken_back_when_the_other_player_agrees(
    browser: Browser, site_url: str, tmp_path: Path
):
    ann, bob = (
        get_user_model().objects.create_user(n, password=PASSWORD, display_name=n.title())
        for n in ("ann", "bob")
    )
    table = services.table_create(ann, "german")
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)
    leader = deal_where(table.pk, lambda s: True).to_act  # a lead from 13 cards: a choice
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
    other.screenshot(path=tmp_path / "takeback-asked.png")
    offer.get_by_role("button", name="Agree").click()

    expect(asker.locator(f'#hand .card[data-card="{card}"]')).to_have_count(1)
    expect(asker.locator("#hand .card")).to_have_count(13)
    expect(other.get_by_test_id("takeback-offer")).to_have_count(0)
    now = state(table.pk)  # as the page shows it: the card back, the leader to lead again
    assert [str(a.kind) for a in now.events[-2:]] == ["play", "takeback"]
    assert now.trick == () and now.to_act == leader
    asker.screenshot(path=tmp_path / "takeback-done.png")


def test_a_card_that_completed_its_trick_is_taken_back(
    browser: Browser, site_url: str, tmp_path: Path
):
    """The trick's last card (a Knockout trick that ended no round): the trick is open again."""
    ann, bob = (
        get_user_model().objects.create_user(n, password=PASSWORD, display_name=n.title())
        for n in ("ann", "bob")
    )
    table = services.table_create(ann, "knockout", 2, options={"exchange": False})
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)
    # The second player holds no suit of one card: whatever is led, its answer had a choice
    # (a forced answer is not taken back, and the page would play it again by itself).
    dealt = deal_where(
        table.pk, lambda s: s.phase == "play" and no_single_suit(s.hands[1 - s.to_act])
    )
    leader = dealt.to_act
    pages = [table_page_as(browser, site_url, name, table.pk) for name in ("ann", "bob")]
    first, last = pages[leader], pages[1 - leader]
    assert take_turn(first) is not None
    card = take_turn(last)
    assert card is not None and state(table.pk).trick == ()  # the trick is complete
    last.get_by_test_id("takeback").click()
    first.get_by_test_id("takeback-offer").get_by_role("button", name="Agree").click()
    expect(last.locator(f'#hand .card[data-card="{card}"]')).to_have_count(1)
    expect(last.locator("#trick .trick-card")).to_have_count(1)
    now = state(table.pk)  # as the page shows it: the trick open again, the card in hand
    assert now.trick_log == () and len(now.trick) == 1 and now.to_act == 1 - leader
    assert [str(a.kind) for a in now.events[-2:]] == ["play", "takeback"]
    last.screenshot(path=tmp_path / "takeback-completed-trick.png")
