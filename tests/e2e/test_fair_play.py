"""What a player sees of the fair-play rules (docs/rules.md §4.3 and docs/rules.md §4.4): the
game-over dialog of a rated game resigned at once (it gains the bot nothing, the resigner still
loses), and the lobby's notice of a leaver's wait before the next rated game, in English and
German."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.models import Move
from rankings.models import SeatResult
from rankings.services import game_score_create
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/fair-play"


def test_a_rated_game_resigned_at_once_says_it_gains_the_others_nothing(
    page: Page, site_url: str
) -> None:
    get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/tables/new/")
    page.select_option("#id_game", "german")
    page.select_option("#id_seat_1", "beginner")
    page.check("#id_rated")
    page.click("[data-testid=create-submit]")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#hand .card")
    page.get_by_test_id("resign").click()
    page.get_by_role("button", name="Yes, resign").click()

    dialog = page.locator("#dialog [data-testid=awards]")
    expect(dialog.locator("[data-testid=awards-rule]")).to_contain_text(
        "it gains the others nothing, and your resignation still counts as a loss"
    )
    expect(dialog.locator("[data-testid=awards-rating]")).to_contain_text("Rating: 1000 →")
    page.screenshot(path=f"{SHOTS}/early-resignation-dialog.png")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_leaver_sees_their_wait_in_the_lobby(page: Page, site_url: str, language: str) -> None:
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    page.set_extra_http_headers({"Accept-Language": language})
    gone = lambda seat, n: Move.By.TIMEOUT if seat == 0 and n >= 2 else None  # noqa: E731
    for minutes in (30, 3):
        table = store(winning("german", 2, 0), [ann, "club"], by=gone)
        game_score_create(table.pk)
        ended = timezone.now() - timedelta(minutes=minutes)
        SeatResult.objects.filter(table=table).update(finished=ended)
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, site_url, "ann")
    wait = page.get_by_test_id("rated-wait")
    expect(wait).to_be_visible()
    expect(wait).to_contain_text("UTC")
    expect(wait).to_contain_text("2 rated games" if language == "en" else "2 gewertete Partien")
    wait.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/leaver-wait-lobby-{language}.png")
