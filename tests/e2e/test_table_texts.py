"""Every text the table shows people names cards, never codes: a guided game of each game is
played to the end in English, German and Dutch while the page records every text it shows
(text, aria-label, title, the live region, chat notices, dialogs, the tab's title) as it
changes; none holds a card code such as `TS` or `2H` (the protocol keeps those)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser

from tests.e2e.helpers import PASSWORD, log_in, play_until_over

pytestmark = pytest.mark.django_db(transaction=True)

CODE = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][SHDC](?![A-Za-z0-9])")
NAMES = {  # a card's name in each language (static/js/cardnames.js)
    "en": re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b"),
    "de": re.compile(r"\b(Pik|Herz|Karo|Kreuz)-(Ass|König|Dame|Bube|10|[2-9])\b"),
    "nl": re.compile(r"\b(schoppen|harten|ruiten|klaveren) (aas|heer|vrouw|boer|10|[2-9])\b", re.I),
}

# Installed before the page's own scripts: every text node and every attribute people read
# (aria-label, title, alt, placeholder) that appears or changes is kept in window.__texts.
RECORDER = """
window.__texts = new Set();
(() => {
  const ATTRS = ["aria-label", "title", "alt", "placeholder"];
  const hidden = (el) => el && el.closest && el.closest("script, style, template");
  const add = (t) => { if (t && t.trim()) window.__texts.add(t.trim()); };
  const take = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!hidden(node.parentElement)) add(node.data);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || hidden(node)) return;
    for (const el of [node, ...node.querySelectorAll("*")]) {
      if (hidden(el)) continue;
      ATTRS.forEach((a) => add(el.getAttribute(a)));
      el.childNodes.forEach((c) => { if (c.nodeType === Node.TEXT_NODE) add(c.data); });
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "childList") r.addedNodes.forEach(take);
      else if (r.type === "characterData") take(r.target);
      else add(r.target.getAttribute(r.attributeName));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true,
                         attributeFilter: ["aria-label", "title", "alt", "placeholder"] });
  document.addEventListener("DOMContentLoaded", () => take(document.documentElement));
})();
"""


def texts(page) -> list[str]:
    return page.evaluate("() => [...window.__texts, document.title, document.body.innerText]")


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_table_names_cards_in_every_text_it_shows(
    browser: Browser, site_url: str, language: str
) -> None:
    get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    # Reduced motion: the cards jump instead of flying, which changes no text (the animations
    # move cards, tests/e2e/test_table_motion.py): 25.5 and 26.3 CPU-s a language against
    # 27.2 and 30.9 (docs/benchmarks.md, fifth session).
    page = browser.new_page(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
    page.add_init_script(RECORDER)
    log_in(page, site_url, "ann")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    seen: list[str] = []
    for game in ("knockout", "whist", "german"):
        page.goto(f"{site_url}/learn/{game}/")
        page.click("[data-testid=start-guide]")
        page.wait_for_selector("#hand .card", timeout=15000)
        assert page.get_by_test_id("guide-text").inner_text(), "the guide explains nothing"
        play_until_over(page, seconds=180)
        page.wait_for_timeout(300)
        seen += texts(page)

    codes = sorted({m.group(0) + " in " + t[:80] for t in seen for m in CODE.finditer(t)})
    assert not codes, codes
    assert [t for t in seen if NAMES[language].search(t)], "no card was named at all"
    assert len(set(seen)) > 100, "the recorder saw too little to mean anything"
