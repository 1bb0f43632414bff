"""Play it again from here in a real browser (issue 46 item 3), as a new user would, in English,
German and Dutch: a public game's replay, a few tricks on, "Play from here" with the others'
hands dealt again; the table opens with the chosen seat's hand exactly as in the replay frame."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect

from games.models import Table
from tests.e2e.helpers import hand_dealt, sign_up
from tests.e2e.table_steps import ARTIFACTS
from tests.rankings.helpers import seeded, store

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/play-from-here"
BUTTON = {"en": "Play from here", "de": "Von hier aus spielen", "nl": "Speel vanaf hier"}
NOTE = {"en": "never rated", "de": "nie gewertet", "nl": "nooit gewaardeerd"}
FRESH = {"en": "dealt again", "de": "neu gegeben", "nl": "opnieuw gedeeld"}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_new_user_plays_a_public_game_again_from_a_replay_step(
    browser: Browser, site_url: str, lang: str
):
    original = store(seeded("whist", 4, 5), ["club"] * 4, rated=False)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": site_url}])
    sign_up(page, site_url, f"new{lang}", f"New {lang}")
    page.goto(f"{site_url}/games/{original.pk}/replay/")
    for _ in range(3):  # three tricks on
        page.keyboard.press("ArrowDown")
    index = page.evaluate("() => window.whistReplay.index")
    frame = json.loads(page.locator("#replay-data").text_content())["frames"][index]
    form = page.get_by_test_id("practice-form")
    expect(form.get_by_test_id("practice-start")).to_have_text(BUTTON[lang])
    expect(page.locator("#practice-upto")).to_have_value(str(frame["next"]))
    page.get_by_test_id("practice-seat").select_option("2")
    hands = page.get_by_test_id("practice-hands")
    hands.select_option("fresh")
    expect(hands.locator("option:checked")).to_contain_text(FRESH[lang])
    page.get_by_test_id("practice-level").select_option("beginner")
    page.screenshot(path=f"{SHOTS}/play-from-here-replay-{lang}.png")
    form.get_by_test_id("practice-start").click()
    page.wait_for_url(f"{site_url}/tables/*/")
    table = Table.objects.get(practice_of_id=original.pk)
    assert table.start == {**table.start, "from": frame["next"], "seat": 2, "fresh": True}
    page.wait_for_selector("#hand .card")
    hand_dealt(page)
    shown = page.locator("#hand .card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    # The bots may already have played on from the frame: the hand is the frame's, less the
    # cards seat 2 has played since (none: seat 2 is the player and nobody plays for them).
    assert sorted(shown) == sorted(frame["hands"][2])
    note = page.get_by_test_id("practice-note")
    expect(note).to_contain_text(NOTE[lang])
    expect(note.locator("a")).to_have_attribute(
        "href", f"/games/{original.pk}/replay/#before-{frame['next']}"
    )
    page.screenshot(path=f"{SHOTS}/play-from-here-table-{lang}.png")
