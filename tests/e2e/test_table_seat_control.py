"""Honest seat control in the browser: after a timeout the player is told a bot plays for them
and gets the seat back with one click; a resigned Knockout player shows as resigned, not away;
"Leave seat" frees the seat on the other players' pages at once, and the creator leaving a
table nobody else sits at closes it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from games.models import Seat, Table
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import MY_TURN, create_table, my_turn

pytestmark = pytest.mark.django_db(transaction=True)


def user(name: str):
    return get_user_model().objects.create_user(name, password=PASSWORD, display_name=name.title())


def logged_in(browser: Browser, site_url: str, name: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    log_in(page, site_url, name)
    return page


def test_after_a_timeout_i_am_back_returns_the_seat_with_one_click_or_the_b_key(
    browser: Browser, site_url: str
) -> None:
    user("ann")
    page = logged_in(browser, site_url, "ann")
    # A match of 15 games: the stand-in bot plays both seats at bot speed, and one game of
    # German Whist (52 cards) was over in about 8 s, the banner gone with it, before a loaded
    # machine's steps below reached the click (a CI run: "I'm back" detached, then never found).
    create_table(page, site_url, "german", time_limit="15", options={"games": "15"})
    banner = page.locator("#seat-control")
    for come_back in ("click", "key"):
        # 15 s for the move, then a bot plays it and the seat is away.
        expect(banner).to_contain_text("A bot is playing for you.", timeout=40000)
        expect(page.locator("#status-turn")).not_to_contain_text("Your turn")
        if come_back == "click":
            # The stand-in bot's moves render the page again and again: the button stays the
            # same node (one replaced between a click's press and release gets no click).
            page.wait_for_function("() => window.whistTable.socket?.readyState === WebSocket.OPEN")
            page.evaluate("""() => {
                window.backButton = document.querySelector('[data-testid=im-back]');
                window.shownBefore = window.whistTable.msg;
                window.whistTable.socket.send(JSON.stringify({type: 'resync'}));
            }""")
            page.wait_for_function("() => window.whistTable.msg !== window.shownBefore")
            assert page.evaluate("() => window.backButton.isConnected")
            page.get_by_role("button", name="I'm back").click()
        else:
            page.locator("body").press("b")
        expect(banner).to_be_hidden()
        page.wait_for_function("() => !window.whistTable.msg.table.seats[0].away")
        assert not Seat.objects.get(table=Table.objects.get(), index=0).away


def test_a_resigned_knockout_player_shows_as_resigned_not_away(
    browser: Browser, site_url: str
) -> None:
    user("ann")
    page = logged_in(browser, site_url, "ann")
    create_table(page, site_url, "knockout", players=4)
    page.wait_for_function(MY_TURN, timeout=15000)  # the bots wait for us: nothing moves
    page.get_by_test_id("resign").click()
    page.get_by_role("button", name="Yes, resign").click()

    expect(page.locator("#seat-control")).to_contain_text("You resigned")
    mine = page.locator("#seats .seat[data-seat='0']")
    expect(mine).to_contain_text("resigned")
    expect(mine).not_to_contain_text("away")
    expect(page.locator("#status-away")).not_to_contain_text("away")
    assert not my_turn(page)


def test_leave_seat_frees_the_seat_live_on_the_other_players_page(
    browser: Browser, site_url: str
) -> None:
    user("ann"), user("bob")
    ann = logged_in(browser, site_url, "ann")
    ann.goto(f"{site_url}/tables/new/")
    ann.select_option("#id_game", "german")
    ann.check("#id_private")
    ann.click("[data-testid=create-submit]")
    invite = ann.locator(".invite input").input_value()
    bob = logged_in(browser, site_url, "bob")
    bob.goto(invite)
    bob.get_by_role("button", name="Sit here").first.click()
    expect(ann.locator("#dialog")).to_contain_text("Bob")  # live, on the creator's page

    ann.get_by_role("button", name="Leave seat").click()

    expect(bob.locator(".waiting-seats li").first).to_contain_text("open seat")  # live
    expect(ann.locator("#dialog")).to_contain_text("Waiting for players")
    expect(ann.get_by_role("button", name="Sit here")).to_be_visible()  # a watcher now
    table = Table.objects.get()
    assert table.status == Table.Status.OPEN
    assert [s.user.username for s in table.seats.exclude(user=None)] == ["bob"]


def test_the_creator_leaving_a_table_nobody_else_sits_at_closes_it(
    browser: Browser, site_url: str
) -> None:
    user("ann")
    ann = logged_in(browser, site_url, "ann")
    ann.goto(f"{site_url}/tables/new/")
    ann.select_option("#id_game", "german")
    ann.click("[data-testid=create-submit]")

    ann.get_by_role("button", name="Leave seat").click()

    expect(ann).to_have_url(f"{site_url}/lobby/")
    expect(ann.locator(".messages")).to_contain_text("it is closed")
    assert Table.objects.get().status == Table.Status.ABORTED


def test_a_state_that_changes_nothing_in_the_dialog_keeps_its_buttons(
    browser: Browser, site_url: str
):
    """A button replaced under a click drops the click (its form is gone from the page): a
    state that changes nothing the dialog shows must leave the "Start the game" button be.
    (A browser run once saw the start's click send nothing while a state arrived.)"""
    user("ann")
    page = logged_in(browser, site_url, "ann")
    page.goto(f"{site_url}/tables/new/")
    page.select_option("#id_game", "german")
    page.select_option("#id_seat_1", "beginner")
    page.click("[data-testid=create-submit]")
    start = page.get_by_role("button", name="Start the game")
    expect(start).to_be_visible()
    page.wait_for_function("() => window.whistTable.socket?.readyState === WebSocket.OPEN")
    page.wait_for_timeout(500)  # the socket's own first state has come and been shown
    page.evaluate("""() => {
        window.startButton = document.querySelector('#dialog form button');
        window.shownBefore = window.whistTable.msg;
        window.whistTable.socket.send(JSON.stringify({type: 'resync'}));
    }""")
    page.wait_for_function("() => window.whistTable.msg !== window.shownBefore")  # rendered
    assert page.evaluate("() => window.startButton.isConnected")
    start.click()
    expect(page.locator("#hand .card").first).to_be_visible(timeout=30000)


def test_a_state_that_changes_nothing_in_the_hand_keeps_its_cards(browser: Browser, site_url: str):
    """The hand's cards are the same nodes after a state that changes nothing in the hand
    (another seat's presence, a resync): a card replaced under a click drops the click (a
    browser run once saw Pat's lead clicked and never played as Ann's page connected).
    Ann's only legal card does not play itself here (auto_play off): the hand stays put."""
    get_user_model().objects.create_user(
        "ann", password=PASSWORD, display_name="Ann", auto_play=False
    )
    page = logged_in(browser, site_url, "ann")
    create_table(page, site_url, "german")
    page.wait_for_function(
        "() => !window.whistTable.hold && document.querySelectorAll('#hand .card').length === 13"
    )
    page.wait_for_function(  # the bot has played, if it was its turn: Ann to act, all still
        "() => window.whistTable.msg.view.legal.some((a) => a.action === 'play')", timeout=30000
    )
    # The page draws the state the HTML brought before its socket is open: a send then fails
    # with 'Still in CONNECTING state' (seen on a loaded machine).
    page.wait_for_function("() => window.whistTable.socket?.readyState === WebSocket.OPEN")
    page.evaluate("""() => {
        window.firstCard = document.querySelector('#hand .card');
        window.shownBefore = window.whistTable.msg;
        window.whistTable.socket.send(JSON.stringify({type: 'resync'}));
    }""")
    page.wait_for_function("() => window.whistTable.msg !== window.shownBefore")  # rendered
    assert page.evaluate("() => window.firstCard.isConnected")


def test_a_hand_drawn_again_while_its_cards_are_dealt_still_fits_the_screen(
    browser: Browser, site_url: str
):
    """The hand's overlap comes from the cards' laid-out width, not their width on screen
    during the deal's animation (scaled down): a state drawn while the cards flew in once
    fanned a phone's 13 cards wider than the screen, the first card half off its left edge
    (CI: test_german_two_humans, Bob's ace of spades at x = -24 px, not clickable)."""
    get_user_model().objects.create_user(
        "ann", password=PASSWORD, display_name="Ann", auto_play=False
    )
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(page, site_url, "ann")
    create_table(page, site_url, "german")
    page.wait_for_function(
        "() => !window.whistTable.hold && document.querySelectorAll('#hand .card').length === 13"
    )
    fits = """() => { const hand = document.getElementById('hand').getBoundingClientRect();
        const cards = [...document.querySelectorAll('#hand .card')]
            .map((c) => c.getBoundingClientRect());
        return cards[0].left >= hand.left && cards[cards.length - 1].right <= hand.right; }"""
    assert page.evaluate(fits)
    page.evaluate("""() => {
        for (const card of document.querySelectorAll('#hand .card'))  // as the deal flies them in
            card.animate([{transform: 'scale(0.6)'}, {transform: 'scale(0.6)'}], {duration: 60000});
        window.whistTable.render();
        document.getAnimations().forEach((a) => a.cancel());
    }""")
    assert page.evaluate(fits)
