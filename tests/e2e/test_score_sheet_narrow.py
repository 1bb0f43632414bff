"""Seven players' tables on a phone: a game's score sheet is wider than the screen, and
shows that it scrolls sideways (a line above it, the right edge faded while there is more),
with the round column kept in place; a round's summary at the table breaks no name inside a
word, and a Whist deal's shows all five columns; German Whist's games sheet in the score panel
shows each player's name whole; four players' sheet fits a desktop's panel."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from games.reads.messages import table_dict
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.e2e.test_presentation_text import (
    SUMMARY_SHOWN,
    frame,
    picks,
    played,
    routed_table,
    stored,
)

pytestmark = pytest.mark.django_db(transaction=True)

BOXES = """() => {
  const box = document.querySelector('[data-testid=score-sheet-scroll]');
  const label = document.querySelector('[data-testid=score-sheet] tbody th');
  return {scrolls: box.scrollWidth > box.clientWidth, classes: box.className,
          boxLeft: box.getBoundingClientRect().left, labelLeft: label.getBoundingClientRect().left};
}"""


def test_a_sheet_wider_than_a_phone_shows_that_it_scrolls(browser: Browser, site_url: str):
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    table = services.table_create(ann, "knockout", players=7,
                                  bot_levels=[None] + ["club"] * 6)  # fmt: skip
    stored(table, played("knockout", 7, {})[-1], [s["name"] for s in table_dict(table, 0)["seats"]])
    page = browser.new_page(viewport={"width": 390, "height": 844})
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/games/{table.pk}/")
    hint = page.get_by_test_id("scroll-hint")
    expect(hint).to_be_visible()  # seven columns of names do not fit 390 px
    page.get_by_test_id("score-sheet").scroll_into_view_if_needed()
    (ARTIFACTS / "pages").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pages" / "game-knockout-7p-390x844-sheet.png"))
    b = page.evaluate(BOXES)
    assert b["scrolls"] and "more-right" in b["classes"].split()
    page.get_by_test_id("score-sheet-scroll").evaluate("(box) => { box.scrollLeft = 1e6; }")
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=score-sheet-scroll].more-right')"
    )  # at the end: nothing more to the right
    b = page.evaluate(BOXES)
    assert abs(b["labelLeft"] - b["boxLeft"]) < 1  # "Round 1" stays at the left edge
    page.screenshot(path=str(ARTIFACTS / "pages" / "game-knockout-7p-390x844-sheet-end.png"))
    page.context.add_cookies([{"name": "django_language", "value": "de", "url": site_url}])
    page.reload()
    expect(hint).to_have_text("Breiter als der Bildschirm: zur Seite wischen oder scrollen, "
                              "um alle Spieler zu sehen.")  # fmt: skip
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(250)  # the resize is handled in its event
    b = page.evaluate(BOXES)  # wider still than the page's column: the hint says so
    assert hint.is_visible() == b["scrolls"]


# The words of the summary's cells drawn on more than one line (a word broken inside).
SPLIT_WORDS = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('#dialog .summary-table td')) {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walk.nextNode(); text; text = walk.nextNode()) {
      for (const m of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def test_a_round_summary_of_seven_on_a_phone_breaks_no_name_inside_a_word(
    browser: Browser, site_url: str
):
    """The dialog was as narrow as its least (16rem: shrunk to the half of the table right of
    its left edge), and its name column broke "Bot (Vereinsspieler) 2" as "Verein" and
    "sspieler". The table's states come as frames to the page's routed socket, as in
    test_presentation_text."""
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    table = services.table_create(ann, "knockout", players=7,
                                  bot_levels=[None] + ["club"] * 6)  # fmt: skip
    states = played("knockout", 7, {})
    page = summary_on_a_phone(browser, site_url, table, states, "de")
    expect(page.locator("#dialog .summary-table")).to_contain_text("Vereinsspieler")
    (ARTIFACTS / "pages").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pages" / "table-knockout-7p-de-390x844-summary.png"))
    assert page.evaluate(SPLIT_WORDS) == []


# The summary's cells drawn beyond the dialog's right edge (cut off: the dialog scrolls).
CELLS_OUTSIDE = """() => {
  const box = document.getElementById('dialog').getBoundingClientRect();
  return [...document.querySelectorAll('#dialog .summary-table th, #dialog .summary-table td')]
    .filter((c) => c.getBoundingClientRect().right > box.right + 0.5).map((c) => c.innerText);
}"""


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_whist_deals_summary_on_a_phone_shows_every_column(
    browser: Browser, site_url: str, language: str
):
    """A Whist deal's summary has five columns (team, tricks, points, honours, score): at 390 px
    the dialog scrolled sideways and cut the score off ("Honours" half shown, "Score" not)."""
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    options = {"target": 5, "honours": True, "rubber": True}
    table = services.table_create(ann, "whist", players=4, options=options,
                                  bot_levels=[None] + ["beginner"] * 3)  # fmt: skip
    states = played("whist", 4, options)
    page = summary_on_a_phone(browser, site_url, table, states, language)
    cells = page.locator("#dialog .summary-table th")
    expect(cells).to_have_count(5)
    (ARTIFACTS / "pages").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pages" / f"table-whist-{language}-390x844-summary.png"))
    assert page.evaluate(CELLS_OUTSIDE) == []
    assert page.evaluate(SPLIT_WORDS) == []


# The score panel's heading cells drawn beyond its box's right edge.
HEADS_OUTSIDE = """() => {
  const box = document.getElementById('scores').getBoundingClientRect();
  return [...document.querySelectorAll('#scores th')]
    .filter((c) => c.getBoundingClientRect().right > box.right + 0.5
                   || c.scrollWidth > c.clientWidth + 1)
    .map((c) => c.innerText);
}"""


def test_german_whists_games_sheet_in_the_score_panel_shows_each_name_whole(
    browser: Browser, site_url: str
):
    """After a German Whist game the score panel lists the games under the two players' names:
    each name's column was 4rem wide like a figure's, so "Bot (Beginner)" ran out of the panel
    at 1280 x 800 ("Bot (Beginner" shown)."""
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    table = services.table_create(ann, "german", players=2, options={"games": 3},
                                  bot_levels=[None, "beginner"])  # fmt: skip
    states = played("german", 2, {"games": 3})
    second = next(i for i, s in enumerate(states) if s.deal_no == 1)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    log_in(page, site_url, "ann")
    socket = routed_table(page, f"{site_url}/tables/{table.pk}/")
    socket.send(frame(table, states[second], 1))
    page.wait_for_function("() => window.whistTable.version === 1")
    expect(page.locator("#scores")).to_contain_text("Bot (Beginner)")
    (ARTIFACTS / "pages").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pages" / "table-german-1280x800-games-sheet.png"))
    assert page.evaluate(HEADS_OUTSIDE) == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_four_player_sheet_fits_a_desktops_panel(browser: Browser, site_url: str, language):
    """Four players' Knockout sheet at 1280 x 800 scrolled sideways, its round notes ("3 cards,
    trump Diamonds") cut at the panel's edge under "Wider than the screen": each note was
    one line that never wrapped."""
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    table = services.table_create(ann, "knockout", players=4,
                                  bot_levels=[None] + ["beginner"] * 3)  # fmt: skip
    stored(table, played("knockout", 4, {})[-1], [s["name"] for s in table_dict(table, 0)["seats"]])
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/games/{table.pk}/")
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    (ARTIFACTS / "pages").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pages" / f"game-knockout-4p-{language}-1280x800.png"))
    assert not page.evaluate(BOXES)["scrolls"]
    expect(page.get_by_test_id("scroll-hint")).to_be_hidden()


def summary_on_a_phone(browser: Browser, site_url: str, table, states, language: str):
    """Ann's table page at 390 x 844 in `language`, its socket taken by the test: the state
    before a deal's end, then the one after, and the summary dialog shown."""
    at = picks(states)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    log_in(page, site_url, "ann")
    socket = routed_table(page, f"{site_url}/tables/{table.pk}/")
    socket.send(frame(table, states[at["before"]], 1))
    page.wait_for_function("() => window.whistTable.version === 1")
    socket.send(frame(table, states[at["after"]], 2))
    page.wait_for_function(SUMMARY_SHOWN, timeout=10000)
    return page
