"""Texts that wrapped badly on a phone (360 x 740) in German, checked in German, English and
Dutch: the daily challenge's heading broke between "Tägliche Herausforderung" and ": Whist"
(the game's name away from its prefix), and the report form's reason list showed its longest
German reason cut ("Beleidigende oder hasserfüllte Sp…")."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser

from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 360, "height": 740}
LANGUAGES = ["de", "en", "nl"]

# Each character's line (its box's top) of the page's h1: no word is broken across two lines
# and the colon stays on its word's line.
HEADING_LINES = """() => {
  const h1 = document.querySelector('main h1');
  const text = h1.textContent;
  const tops = [];
  const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()][0];
      tops.push(rect ? Math.round(rect.top) : null);
    }
  }
  return {text, tops, overflows: h1.scrollWidth > h1.clientWidth + 1};
}"""

# The options of the form's selects that do not fit their select (the text measured in the
# select's font; its room is its width less its padding and Chromium's arrow, 16 px), with
# the room; or that stand past the page's right edge.
CUT_OPTIONS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('main form select')].flatMap((select) => {
    const style = getComputedStyle(select);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 16;
    const right = select.getBoundingClientRect().right;
    return [...select.options].filter((o) => ctx.measureText(o.text).width > room
      || right > document.documentElement.clientWidth + 1)
      .map((o) => `${o.text}: ${Math.round(ctx.measureText(o.text).width)} > ${room} px`);
  });
}"""


def phone(browser: Browser, site_url: str, username: str, language: str):
    page = browser.new_page(viewport=PHONE)
    log_in(page, site_url, username)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    return page


def shot(page, name: str) -> None:
    folder = ARTIFACTS / "phone"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=False)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_daily_heading_keeps_the_game_with_its_prefix(
    browser: Browser, site_url: str, language: str
) -> None:
    get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    page = phone(browser, site_url, "ann", language)
    for game in ("whist", "german"):
        page.goto(f"{site_url}/daily/{game}/")
        shot(page, f"daily_{game}_{language}")
        seen = page.evaluate(HEADING_LINES)
        text, tops = seen["text"], seen["tops"]
        assert not seen["overflows"], text
        words = [m.span() for m in re.finditer(r"\S+", text)]
        broken = [text[a:b] for a, b in words if len(set(tops[a:b])) > 1]
        assert broken == [], (text, tops)  # German broke "Herausforderu" / "ng: Whist"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_report_forms_reasons_fit_the_phone(
    browser: Browser, site_url: str, language: str
) -> None:
    users = get_user_model().objects
    users.create_user("ann", password=PASSWORD, display_name="Ann")
    users.create_user("pat", password=PASSWORD, display_name="Pat")
    page = phone(browser, site_url, "ann", language)
    page.goto(f"{site_url}/accounts/players/pat/report/")
    page.select_option("#id_reason", "name")  # the longest reason in German and Dutch
    shot(page, f"report_{language}")
    assert page.locator("main form select").count() >= 1
    assert page.evaluate(CUT_OPTIONS) == []
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
