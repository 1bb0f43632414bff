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
from games.engine.cards import SUIT_MASK, card_str, cards_of
from tests.e2e.helpers import PASSWORD, table_page_as, take_turn
from tests.e2e.table_steps import overlap
from tests.games.helpers import deal_where, no_single_suit, state, table

pytestmark = pytest.mark.django_db(transaction=True)


def _german_game_of_ann_and_bob():
    """A German Whist table of two players, ann (seat 0) and bob (seat 1), started."""
    ann, bob = (
        get_user_model().objects.create_user(n, password=PASSWORD, display_name=n.title())
        for n in ("ann", "bob")
    )
    table = services.table_create(ann, "german")
    services.seat_take(bob, table.pk, 1)
    return services.table_start(ann, table.pk)


def test_a_card_is_taken_back_when_the_other_player_agrees(
    browser: Browser, site_url: str, tmp_path: Path
):
    table = _german_game_of_ann_and_bob()
    # A lead from 13 cards is a choice; the other's answer is one too (a forced answer is
    # played by itself, test_the_other_players_only_card_waits_for_the_answer).
    leader = deal_where(table.pk, lambda s: no_single_suit(s.hands[1 - s.to_act])).to_act
    pages = [table_page_as(browser, site_url, name, table.pk) for name in ("ann", "bob")]
    asker, other = pages[leader], pages[1 - leader]

    card = take_turn(asker)
    assert card is not None and len(card) == 2
    # The question goes in above the other's Hint button, which stays the node it was: drawn
    # anew, a tap on it in flight as the question came was lost (dom.js keepDrawn).
    other.get_by_test_id("hint-ask").evaluate("(el) => { window.hintButton = el; }")
    asker.get_by_test_id("takeback").click()
    offer = other.get_by_test_id("takeback-offer")
    expect(offer).to_contain_text("asks to take back their last card")
    assert other.evaluate(
        "() => window.hintButton === document.querySelector('[data-testid=hint-ask]')"
    )
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


def test_the_other_players_only_card_waits_for_the_answer(browser: Browser, site_url: str):
    """A take-back asked of a player whose answer to the lead is forced (one card of the led
    suit): the page played that card by itself after 0.7 s (the profile's auto-play), which
    ended the question and took the Agree button away before the player could answer. The
    first test above met it now and then: it clicked Agree after its checks and screenshot,
    at load later than 0.7 s, and waited 30 s for a button gone. Now the card waits while the
    question is open, and the player agrees. Only the answering player's page is open: it
    sees the question with its first state, and nothing plays before it asks."""
    game = _german_game_of_ann_and_bob()

    def forced_suit(s) -> int | None:  # a suit of one card for the other, led from the leader
        other, mine = s.hands[1 - s.to_act], s.hands[s.to_act]
        return next((m for m in SUIT_MASK if (other & m).bit_count() == 1 and mine & m), None)

    dealt = deal_where(game.pk, lambda s: forced_suit(s) is not None)
    leader = dealt.to_act
    users = {s.index: s.user for s in game.seats.select_related("user")}
    lead = card_str(cards_of(dealt.hands[leader] & forced_suit(dealt))[0])
    services.move_play(game.pk, {"action": "play", "card": lead}, table(game.pk).version,
                       user=users[leader])  # fmt: skip
    services.takeback_ask(game.pk, user=users[leader])
    other = table_page_as(browser, site_url, users[1 - leader].username, game.pk)
    offer = other.get_by_test_id("takeback-offer")
    expect(offer).to_contain_text("asks to take back their last card")
    other.wait_for_timeout(1500)  # past the forced card's 0.7 s
    assert len(state(game.pk).trick) == 1  # the answer is not played: the question is open
    offer.get_by_role("button", name="Agree").click()
    expect(other.locator("#trick .trick-card")).to_have_count(0)
    now = state(game.pk)
    assert [str(a.kind) for a in now.events[-2:]] == ["play", "takeback"]
    assert now.trick == () and now.to_act == leader
