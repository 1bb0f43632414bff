"""The table fits every common screen: at six window sizes, for each game (Knockout Whist for 2
to 7 players), the whole hand, the trick and the turn indicator are in view without scrolling,
every seat is on the felt with its name inside its plate and apart from the others, no trick
card covers a seat and no button of the hand (Resign, Claim, Hint) a seat, the player's own
included; on an upright phone no line under the hand either (a claim offered, a take-back
asked, a hint). In English, German and Dutch, no seat name, team or player in the score panel
or last-trick caption is cut (the phone's drawer included), and every link of the header can
be reached. Screenshots go to test-results/."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from games.engine import claims
from games.engine.cards import card_str, cards_of
from tests.e2e.helpers import PASSWORD, hand_dealt, log_in, table_page_as, wait_for_hand
from tests.e2e.table_steps import (
    ARTIFACTS,
    SIZES,
    boxes,
    create_table,
    cut_texts,
    inside,
    overlap,
    resized,
    still,
    unreachable_header_links,
    wait_for_turn_with_a_trick,
    within,
)
from tests.games.helpers import deal_where, no_single_suit, table

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = [("knockout", n) for n in range(2, 8)] + [("whist", 4), ("german", 2)]


def check_fits(page, name: str) -> None:
    b = boxes(page)
    vw, vh = b["vw"], b["vh"]
    assert b["scrollW"] <= vw and b["scrollH"] <= vh, f"{name}: the page scrolls"
    assert inside(b["turn"], vw, vh), f"{name}: the turn indicator is cut"
    assert inside(b["hand"], vw, vh), f"{name}: the hand is cut"
    assert b["cards"] and all(inside(c, vw, vh) for c in b["cards"]), f"{name}: a card is cut"
    assert b["trick"] and all(inside(c, vw, vh) for c in b["trick"]), f"{name}: the trick is cut"
    for seat in b["seats"]:
        assert inside(seat, vw, vh), f"{name}: a seat is cut"
        assert within(seat, b["felt"]), f"{name}: a seat is off the felt"
        assert not [c for c in b["trick"] if overlap(c, seat)], f"{name}: a card covers a seat"
    for i, seat in enumerate(b["seats"]):  # seven on an upright phone: the top two touched
        assert not [s for s in b["seats"][i + 1 :] if overlap(s, seat)], f"{name}: seats overlap"
    for seat in b["seats"]:  # the player's own plate too: an upright phone's labels are short
        covering = [a for a in b["actions"] if overlap(a, seat)]
        assert not covering, f"{name}: a button of the hand covers a seat"
    for plate in b["names"]:  # a name stays inside its plate, never cut at the side
        assert within(plate["name"], plate["seat"]), f"{name}: a seat's name is cut"
    assert not cut_texts(page), f"{name}: cut texts {cut_texts(page)}"
    assert not unreachable_header_links(page), f"{name}: {unreachable_header_links(page)}"


def check_drawer_texts(page, name: str) -> None:
    """Where the side panels are a drawer (narrow windows), open its score and last-trick
    tabs and check that no name in them is cut."""
    for panel in ("panel-score", "panel-last"):
        tab = page.locator(f'#side-tabs [data-panel="{panel}"]')
        if not tab.is_visible():
            return
        tab.click()
        still(page)  # the drawer slides in
        assert not cut_texts(page), f"{name} ({panel}): cut texts {cut_texts(page)}"
        page.screenshot(path=str(ARTIFACTS / "layout" / f"{name}-{panel}.png"))
        page.keyboard.press("Escape")
        still(page)  # and out


# The longest names in German and Dutch: Club bots ("Bot (Vereinsspieler) 2"), Whist's teams.
# English is checked by the test of every size, whose tables have Club bots too. Both
# languages on one table of each game (the position waits): a table each took as much CPU
# for its server, login and first trick as for all its sizes.
LANGUAGE_TABLES = [("knockout", 4), ("whist", 4), ("german", 2)]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_table_fits_the_window_at_every_common_size(
    browser: Browser, site_url: str, game: str, players: int
) -> None:
    sizes_checked(browser, site_url, game, players, ("en",), "club")


@pytest.mark.parametrize(("game", "players"), LANGUAGE_TABLES)
def test_every_name_and_header_link_is_readable_in_each_language(
    browser: Browser, site_url: str, game: str, players: int
) -> None:
    sizes_checked(browser, site_url, game, players, ("de", "nl"), "club")


def sizes_checked(browser, site_url, game, players, languages, level) -> None:
    # The position must wait through every size: Ann's only legal card is not played by itself
    # (the profile's auto-play would take the trick away, sliding over its winner's seat).
    get_user_model().objects.create_user(
        "ann", password=PASSWORD, display_name="Ann", auto_play=False
    )
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, site_url, "ann")
    create_table(page, site_url, game, players, level)  # no time limit: the position waits
    folder = ARTIFACTS / "layout"
    folder.mkdir(parents=True, exist_ok=True)
    for language in languages:
        if language != "en":
            page.context.add_cookies([{"name": "django_language", "value": language,
                                       "url": site_url}])  # fmt: skip
            page.reload()
            wait_for_hand(page)
        assert wait_for_turn_with_a_trick(page), "the game ended before a bot led a trick"
        for width, height in SIZES:
            resized(page, width, height)
            name = f"{game}-{players}p-{language}-{width}x{height}"
            page.screenshot(path=str(folder / f"{name}.png"))
            check_fits(page, name)
            check_drawer_texts(page, name)
            expect(page.locator("#status-turn")).to_have_class("turn mine")
    assert not errors, errors


def test_on_a_phone_the_side_panels_open_as_a_drawer_of_tabs(browser: Browser, site_url: str):
    get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    log_in(page, site_url, "ann")
    create_table(page, site_url, "german")
    side = page.locator("#table-side")
    expect(side).not_to_be_in_viewport()

    page.get_by_role("button", name="Score").click()
    expect(page.locator("#panel-score")).to_be_in_viewport()
    expect(page.locator("#panel-chat")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(side).not_to_be_in_viewport()
    page.get_by_role("button", name="Chat").click()
    expect(page.locator("#chat-input")).to_be_in_viewport()
    page.wait_for_timeout(400)  # the drawer slides in
    (ARTIFACTS / "layout").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "layout" / "german-2p-390x844-chat-drawer.png"))


def check_lines(page, name: str, testid: str) -> None:
    """The line `testid` shows under the hand; no button or line of the hand covers a seat,
    the player's own included, and the page and its hand fit the window."""
    expect(page.get_by_test_id(testid)).to_be_visible()
    still(page)  # the deal's cards flying into the hand after the page's load
    page.screenshot(path=str(ARTIFACTS / "layout" / f"{name}.png"))
    b = boxes(page)
    assert b["scrollW"] <= b["vw"] and b["scrollH"] <= b["vh"], f"{name}: the page scrolls"
    assert all(inside(c, b["vw"], b["vh"]) for c in b["cards"]), f"{name}: a card is cut"
    for seat in b["seats"]:
        covering = [a for a in b["actions"] if overlap(a, seat)]
        assert not covering, f"{name}: a line or button of the hand covers a seat"


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_on_an_upright_phone_a_question_or_a_hint_keeps_off_the_seats(
    browser: Browser, site_url: str, language: str
):
    """A Knockout table of two humans, seen by the one who is asked: a claim offered to them
    (declined), a take-back asked of them (refused), then their hint. Each line took the
    width of the phone over the player's own plate (the buttons alone fit beside it). The
    other player acts through the services, and the page is loaded again to see it."""
    make = get_user_model().objects.create_user
    users = [make(n, password=PASSWORD, display_name=n.title(), auto_play=False)
             for n in ("ann", "bob")]  # fmt: skip
    game = services.table_create(users[0], "knockout", 2, options={"exchange": False})
    services.seat_take(users[1], game.pk, 1)
    services.table_start(users[0], game.pk)

    def unproved(s) -> bool:  # a claim of every trick the solver cannot prove; answers to choose
        left = claims.tricks_left(s)
        return not claims.proves(s, s.to_act, left) and no_single_suit(s.hands[1 - s.to_act])

    dealt = deal_where(game.pk, lambda s: s.phase == "play" and unproved(s))
    other, me = users[dealt.to_act], users[1 - dealt.to_act]
    services.claim_offer(game.pk, claims.tricks_left(dealt), table(game.pk).version, user=other)
    page = table_page_as(browser, site_url, me.username, game.pk)
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    (ARTIFACTS / "layout").mkdir(parents=True, exist_ok=True)

    def reload() -> None:
        page.reload()
        wait_for_hand(page)
        hand_dealt(page)

    reload()
    check_lines(page, f"knockout-2p-{language}-390x844-claim-offer", "claim-offer")
    page.get_by_test_id("claim-offer").locator("button").last.click()  # Decline
    lead = card_str(cards_of(dealt.hands[dealt.to_act])[0])
    services.move_play(game.pk, {"action": "play", "card": lead}, table(game.pk).version,
                       user=other)  # fmt: skip
    services.takeback_ask(game.pk, user=other)
    reload()
    check_lines(page, f"knockout-2p-{language}-390x844-takeback", "takeback-offer")
    page.get_by_test_id("takeback-offer").locator("button").last.click()  # Refuse
    expect(page.get_by_test_id("takeback-offer")).to_have_count(0)
    page.get_by_test_id("hint-ask").click()
    check_lines(page, f"knockout-2p-{language}-390x844-hint", "hint")
