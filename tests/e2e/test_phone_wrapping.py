"""Texts that wrapped badly on a phone (360 x 740) in German, checked in German, English and
Dutch: the daily challenge's heading broke inside "Herausforderu / ng: Whist"."""

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
