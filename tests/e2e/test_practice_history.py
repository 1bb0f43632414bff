"""My games in a real browser, on a phone and a desktop, in English, German and Dutch: a
practice game ("play from here") is not among the games played, and the history's filter
*Practice games* lists it alone, marked (tests/records/test_practice_history.py)."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import PASSWORD, log_in
from tests.rankings.helpers import seeded, store

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS")  # a folder: the test saves what it saw there
FILTER = {"en": "Practice games", "de": "Übungspartien", "nl": "Oefenpartijen"}
BADGE = {"en": "practice", "de": "Übungspartie", "nl": "oefenpartij"}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_my_games_keep_practice_games_apart(browser: Browser, site_url: str, lang: str):
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    original = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    practice = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False,
                     practice_of=original)  # fmt: skip
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": site_url}])
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/my/games/")
    history = page.get_by_test_id("history")
    expect(history.locator(f"[data-game='{original.pk}']")).to_be_visible()
    expect(history.locator(f"[data-game='{practice.pk}']")).to_have_count(0)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/practice-1-my-games-{lang}.png", full_page=True)
    page.select_option("#id_kind", label=FILTER[lang])
    page.get_by_test_id("history-filters").locator("button[type=submit]").click()
    row = history.locator(f"[data-game='{practice.pk}']")
    expect(row).to_be_visible()
    expect(row.get_by_test_id("practice-badge")).to_have_text(BADGE[lang])
    expect(history.locator(f"[data-game='{original.pk}']")).to_have_count(0)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/practice-2-practice-filter-{lang}.png", full_page=True)
