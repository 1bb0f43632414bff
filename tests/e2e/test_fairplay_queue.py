"""The fair-play queue in real browsers: a moderator logs in, finds a seer's flag in the
queue, opens it (figures, the positions linked face up in the replay, the history), opens a
position in the replay, annuls the flagged games with a reason (a blank reason first: a form
error); the flag leaves the queue, the seer's rating changes are undone and the audit log
lists the annulment; the queue reads in German and Dutch too; the flagged player's own pages
show nothing of it (screenshots in test-results/fairplay-queue/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from accounts.moderators import ACCOUNTS_PERMISSIONS
from fairplay.apps import MODERATOR_PERMISSIONS
from fairplay.models import Flag
from fairplay.services import game_signals_compute
from rankings.models import Rating
from rankings.services import game_score_create
from records.models import GameRecord
from tests.e2e.helpers import PASSWORD, log_in, second_factor_set_up
from tests.e2e.table_steps import ARTIFACTS
from tests.fairplay.conftest import SEER_SEEDS, seer_game, stored
from tests.staff import made_moderator

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/fairplay-queue/fairplay"  # a prefix of each file name


def flagged_seer(settings) -> Flag:
    """A seer's four rated Knockout games among Club bots, scored and judged with low
    thresholds (the site's WHIST_FAIRPLAY_*), and Mo, a moderator."""
    settings.WHIST_FAIRPLAY_ODDS, settings.WHIST_FAIRPLAY_MIN_POSITIONS = 2.0, 2
    make = get_user_model().objects.create_user
    seer = make("seer", password=PASSWORD, display_name="Seer")
    records = ["view_gamerecord", "view_gameplayer", "annul_gamerecord"]
    permissions = {"accounts": ACCOUNTS_PERMISSIONS, "records": records,
                   "fairplay": MODERATOR_PERMISSIONS}  # fmt: skip
    made_moderator(make("mo", password=PASSWORD), permissions)
    for seed in SEER_SEEDS:
        table = stored(seer_game(seed), [seer, "club", "club", "club"], rated=True)
        game_score_create(table.pk)
        game_signals_compute(table.pk)
    return Flag.objects.get(user=seer)


def new_page(browser: Browser) -> Page:
    return browser.new_context(viewport={"width": 1280, "height": 900}).new_page()


def test_a_moderator_annuls_a_flagged_players_games_from_the_queue(
    browser: Browser, site_url: str, settings
) -> None:
    flag = flagged_seer(settings)
    Path(SHOTS).parent.mkdir(parents=True, exist_ok=True)
    rated = Rating.objects.get(game="knockout", user=flag.user)
    assert rated.games == len(SEER_SEEDS)
    mo = new_page(browser)
    mo.goto(f"{site_url}/admin/login/?next=/moderation/fair-play/")
    mo.fill("#id_username", "mo")
    mo.fill("#id_password", PASSWORD)
    mo.click("input[type=submit]")
    second_factor_set_up(mo, "")
    mo.goto(f"{site_url}/moderation/fair-play/")
    expect(mo.locator("[data-testid=fairplay-flag-row]")).to_have_count(1)
    mo.screenshot(path=f"{SHOTS}-1-queue.png", full_page=True)
    mo.click("[data-testid=fairplay-review]")
    expect(mo.locator("[data-testid=fairplay-player]")).to_contain_text("seer")
    expect(mo.locator("[data-testid=fairplay-position]").first).to_be_visible()
    mo.screenshot(path=f"{SHOTS}-2-flag.png", full_page=True)
    href = mo.locator("[data-testid=fairplay-replay]").first.get_attribute("href")
    replay = new_page(browser)
    replay.context.add_cookies(mo.context.cookies())
    replay.goto(f"{site_url}{href}")
    expect(replay.locator("#replay")).to_be_visible()
    replay.screenshot(path=f"{SHOTS}-3-replay.png", full_page=True)

    mo.select_option("#id_action", "annul")
    mo.click("[data-testid=fairplay-submit]")  # no reason: the browser or the form refuses
    expect(mo.locator("[data-testid=fairplay-decision]")).to_be_visible()
    mo.fill("#id_reason", "Played the hidden cards in every judged position")
    mo.click("[data-testid=fairplay-submit]")
    expect(mo.locator(".messages")).to_contain_text("The flag is closed.")
    expect(mo.locator("[data-testid=fairplay-empty]")).to_be_visible()
    assert all(GameRecord.objects.get(pk=t).annulled for t in flag.games)
    rated = Rating.objects.filter(game="knockout", user=flag.user).first()
    assert rated is None or rated.games == 0  # every flagged game's rating change undone
    mo.goto(f"{site_url}/admin/accounts/auditentry/")
    expect(mo.locator("#result_list")).to_contain_text("game annulled")
    mo.screenshot(path=f"{SHOTS}-4-audit-log.png", full_page=True)
    for language, closed in (("de", "Spiele annulliert"), ("nl", "partijen geannuleerd")):
        mo.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
        mo.goto(f"{site_url}/moderation/fair-play/?all=1")
        expect(mo.locator("[data-testid=fairplay-flags]")).to_contain_text(closed)
        mo.screenshot(path=f"{SHOTS}-5-queue-{language}.png", full_page=True)

    seer = new_page(browser)
    log_in(seer, site_url, "seer")
    for url in ("/", "/players/seer/games/", f"/games/{flag.games[0]}/"):
        seer.goto(f"{site_url}{url}")
        text = seer.locator("body").inner_text().lower()
        assert "fair-play" not in text and "fair play" not in text, url
        assert "hidden cards" not in text, url  # the moderator's reason stays in the log
    seer.screenshot(path=f"{SHOTS}-6-seers-game.png", full_page=True)
