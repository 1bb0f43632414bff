"""A game's score sheet on a phone: seven players of Knockout Whist are wider than the
screen, and the sheet shows that it scrolls sideways (a line above it, the right edge faded
while there is more), with the round column kept in place."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from games.reads.messages import table_dict
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.e2e.test_presentation_text import played, stored

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
