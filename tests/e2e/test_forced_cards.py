"""Forced cards and pre-selection in real browsers (static/js/premove.js):
the only legal card plays itself after the pause and not before, not at a rated table;
a card pre-selected while the other player is to act (who plays in a second browser) is
played as soon as the turn comes,
unless a second click cancelled it or it is no longer legal."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from games.engine import claims
from games.engine.cards import SUIT_OF, card_str, cards_of, parse_card
from games.gamestate import state_for
from games.models import Table
from tests.e2e.helpers import PASSWORD, left_hand, table_page_as
from tests.games.helpers import play_first_legal

pytestmark = pytest.mark.django_db(transaction=True)
FORCED_PAUSE_MS = 700  # static/js/premove.js
SHOTS = "/tmp/whist-e2e-forced"


def german(rated: bool = False, ann_auto_play: bool = True) -> tuple[int, list]:
    make = get_user_model().objects.create_user
    users = [make(n, password=PASSWORD, display_name=n.title()) for n in ("ann", "pat")]
    users[0].auto_play = ann_auto_play
    users[0].save()
    return german_table(users, rated), users


def german_table(users: list, rated: bool = False) -> int:
    """A German Whist table of Ann (seat 0) and Pat (seat 1), dealt at random."""
    table = services.table_create(users[0], "german", 2, rated=rated)
    services.seat_take(users[1], table.pk, 1)
    return services.table_start(users[0], table.pk).pk


def drive(table_id: int, users: list, done) -> object:
    """Play first legal cards through the services until `done(state)`; None if the game
    ends first (a random deal need not come to every position)."""
    while True:
        s = state_for(Table.objects.get(pk=table_id))
        if done(s):
            return s
        if s.over:
            return None
        play_first_legal(table_id, users[s.to_act], s.to_act)


def last_trick_for_ann(table_id: int, users: list) -> None:
    """Drive to the deal's last trick (one card each) with Ann to play."""
    drive(table_id, users, lambda s: s.half == 2 and claims.tricks_left(s) == 1 and s.to_act == 0)


def test_the_only_legal_card_plays_itself_after_the_pause(browser: Browser, site_url: str):
    table_id, users = german()
    last_trick_for_ann(table_id, users)
    page = table_page_as(browser, site_url, "ann", table_id)
    expect(page.get_by_test_id("premove-note")).to_contain_text("is played by itself")
    page.wait_for_function("() => window.whistTable.actedAt > 0", timeout=5000)
    # The pause the page chose, and not played before it (how much later: the machine's speed).
    assert page.evaluate("() => window.whistTable.playDelay") == FORCED_PAUSE_MS
    waited = page.evaluate("() => window.whistTable.actedAfter")
    assert waited >= FORCED_PAUSE_MS - 50, waited
    page.wait_for_function("() => window.whistTable.msg.view.hands[0].length === 0", timeout=5000)


def test_no_forced_play_at_a_rated_table_or_with_the_setting_off(browser: Browser, site_url: str):
    table_id, users = german(rated=True)
    last_trick_for_ann(table_id, users)
    page = table_page_as(browser, site_url, "ann", table_id)
    page.wait_for_timeout(FORCED_PAUSE_MS + 1500)
    assert page.evaluate("() => window.whistTable.actedAt") == 0
    expect(page.locator("#hand .card.legal")).to_have_count(1)


def test_no_forced_play_with_the_setting_off(browser: Browser, site_url: str):
    table_id, users = german(ann_auto_play=False)
    last_trick_for_ann(table_id, users)
    page = table_page_as(browser, site_url, "ann", table_id)
    page.wait_for_timeout(FORCED_PAUSE_MS + 1500)
    assert page.evaluate("() => window.whistTable.actedAt") == 0


def pat_to_lead(table_id: int, users: list) -> tuple[int, object]:
    """Pat on lead in the first half with a card of a suit Ann holds at least two of: the
    table and its state. A deal where Ann wins every trick of the first half never comes to
    it (1 of about 240 browser runs' tables, a fresh clone's fourth browser run): then a new
    table is dealt."""

    def ready(s) -> bool:
        if s.to_act != 1 or s.trick or s.half != 1:
            return False
        return any(
            (s.hands[0] >> (13 * SUIT_OF[c]) & 0x1FFF).bit_count() >= 2
            for c in cards_of(s.hands[1])
        )

    for _ in range(20):
        s = drive(table_id, users, lambda s: ready(s) or s.half != 1)
        if s is not None and ready(s):
            return table_id, s
        if (
            s is not None
        ):  # the second half began: Ann resigns it (a German Whist resignation ends the game)
            version = Table.objects.get(pk=table_id).version
            services.move_play(table_id, {"action": "resign"}, version, user=users[0])
        table_id = german_table(users)
    raise AssertionError("20 deals in a row never had Pat on lead in the first half")


def lead_and_follow(s) -> tuple[str, str, str]:
    """Pat's lead, a card of that suit Ann holds, and one of another suit Ann holds."""
    for lead in cards_of(s.hands[1]):
        suit = [c for c in cards_of(s.hands[0]) if SUIT_OF[c] == SUIT_OF[lead]]
        other = [c for c in cards_of(s.hands[0]) if SUIT_OF[c] != SUIT_OF[lead]]
        if len(suit) >= 2 and other:
            return card_str(lead), card_str(suit[0]), card_str(other[0])
    raise AssertionError("no lead to follow")


def test_a_preselected_card_is_played_when_the_turn_comes(browser: Browser, site_url: str):
    table_id, users = german(ann_auto_play=False)
    table_id, s = pat_to_lead(table_id, users)
    lead, follow, _ = lead_and_follow(s)
    page = table_page_as(browser, site_url, "ann", table_id)
    page.locator(f'#hand .card[data-card="{follow}"]').click()
    expect(page.locator(f'#hand .card[data-card="{follow}"]')).to_have_class(
        "card preselectable premove"
    )
    expect(page.get_by_test_id("premove-note")).to_contain_text("is played when your turn comes")
    page.screenshot(path=f"{SHOTS}-preselected.png")
    pat = table_page_as(browser, site_url, "pat", table_id)
    pat.locator(f'#hand .card.legal[data-card="{lead}"]').click()
    assert left_hand(pat, lead), "Pat's lead was never played"
    page.wait_for_function("() => window.whistTable.actedAt > 0", timeout=10000)
    # At once: no trick ended, so no trick pause before it (the delay the page chose, not a time).
    assert page.evaluate("() => window.whistTable.playDelay") == 0
    page.wait_for_function(
        "card => window.whistTable.msg.view.last_trick?.plays.some(p => p[1] === card)",
        arg=follow, timeout=5000,
    )  # fmt: skip
    assert parse_card(follow) not in cards_of(state_for(Table.objects.get(pk=table_id)).hands[0])


@pytest.mark.parametrize("how", ["cancelled", "illegal"])
def test_a_cancelled_or_illegal_preselection_is_not_played(browser: Browser, site_url: str, how):
    table_id, users = german(ann_auto_play=False)
    table_id, s = pat_to_lead(table_id, users)
    lead, follow, other = lead_and_follow(s)
    page = table_page_as(browser, site_url, "ann", table_id)
    card = page.locator(f'#hand .card[data-card="{follow if how == "cancelled" else other}"]')
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    if how == "cancelled":
        card.click()
        expect(card).to_have_attribute("aria-pressed", "false")
    version = page.evaluate("() => window.whistTable.version")
    pat = table_page_as(browser, site_url, "pat", table_id)
    pat.locator(f'#hand .card.legal[data-card="{lead}"]').click()
    # Pat's lead played (Pat's page connecting moved Ann's version too: a fresh clone's CI
    # found Pat still to lead), then Ann's page has had the state of it.
    assert left_hand(pat, lead), "Pat's lead was never played"
    page.wait_for_function(f"() => window.whistTable.version > {version}", timeout=5000)
    page.wait_for_timeout(1000)
    assert page.evaluate("() => window.whistTable.actedAt") == 0
    assert state_for(Table.objects.get(pk=table_id)).to_act == 0
    expect(page.locator("#hand .card.premove")).to_have_count(0)
