"""Annulling a game in real browsers: a player finds a rated game in their history with its
rating change; a moderator logs in through the admin's login page, opens the game page,
annuls it with a reason (a blank reason first: a form error); the player's history marks
it annulled, their rating is what the other games give, and the audit log lists it."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F
from playwright.sync_api import Browser, Page, expect

from accounts.moderators import ACCOUNTS_PERMISSIONS
from games import services
from rankings.leavers import LEAVE_DAYS
from rankings.models import Rating, SeatResult
from tests.e2e.helpers import PASSWORD, log_in, second_factor_set_up
from tests.staff import made_moderator

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = "/tmp/whist-e2e-annul"
RECORDS_PERMISSIONS = ["view_gamerecord", "view_gameplayer", "annul_gamerecord"]


def rated_games() -> list[int]:
    """Three rated German Whist matches Ann resigns against a Club bot (scored on commit),
    and Mo, a moderator (staff, in the group the data migrations make)."""
    make = get_user_model().objects.create_user
    ann = make("ann", password=PASSWORD, display_name="Ann")
    permissions = {"accounts": ACCOUNTS_PERMISSIONS, "records": RECORDS_PERMISSIONS}
    made_moderator(make("mo", password=PASSWORD), permissions)
    tables = []
    for _ in range(3):
        table = services.table_create(ann, "german", 2, bot_levels=[None, "club"], rated=True)
        services.table_start(ann, table.pk)
        services.move_play(table.pk, {"action": "resign"}, user=ann)
        tables.append(table.pk)
        # An early resignation is a leave (docs/rules.md §4.4): moved out of the leaves' days,
        # it makes Ann wait for no next rated game (the order of the games stays).
        SeatResult.objects.filter(user=ann).update(
            finished=F("finished") - timedelta(days=LEAVE_DAYS + 1)
        )
    return tables


def new_page(browser: Browser) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.csp_errors = []  # type: ignore[attr-defined]
    page.on(
        "console", lambda m: "Content Security Policy" in m.text and page.csp_errors.append(m.text)
    )
    return page


def test_a_moderator_annuls_a_game_and_the_players_history_and_rating_follow(
    browser: Browser, site_url: str
) -> None:
    tables = rated_games()
    ann = new_page(browser)
    log_in(ann, site_url, "ann")
    ann.goto(f"{site_url}/my/games/")
    row = ann.locator(f'li.history-row[data-game="{tables[1]}"]')
    expect(row.locator("[data-testid=rating-change]")).to_have_text(re.compile(r"^[+\u2212±]\d+$"))
    ann.screenshot(path=f"{SHOTS}-1-history.png", full_page=True)

    mo = new_page(browser)
    mo.goto(f"{site_url}/admin/login/?next=/admin/")
    mo.fill("#id_username", "mo")
    mo.fill("#id_password", PASSWORD)
    mo.click("input[type=submit]")
    assert len(second_factor_set_up(mo, "")) == 10  # staff pages ask for the app's code
    mo.goto(f"{site_url}/games/{tables[1]}/")
    expect(mo.locator("[data-testid=ranking] [data-testid=rating-change]")).to_have_count(2)
    mo.click("[data-testid=annul-link]")
    mo.click("[data-testid=annul-submit]")  # no reason: the browser or the form refuses
    expect(mo.locator("[data-testid=annul-form]")).to_be_visible()
    mo.fill("#id_reason", "Ann's account was shared during this match")
    mo.screenshot(path=f"{SHOTS}-2-annul-form.png", full_page=True)
    mo.click("[data-testid=annul-submit]")
    expect(mo.locator(".messages")).to_contain_text("The game is annulled.")
    expect(mo.locator("[data-testid=annulled]")).to_contain_text("account was shared")
    expect(mo.locator("[data-testid=annul-link]")).to_have_count(0)
    mo.screenshot(path=f"{SHOTS}-3-game-page.png", full_page=True)

    ann.reload()
    expect(row.locator("[data-testid=annulled-badge]")).to_have_text("annulled")
    expect(row.locator("[data-testid=rating-change]")).to_have_count(0)
    ann.screenshot(path=f"{SHOTS}-4-history-after.png", full_page=True)
    assert Rating.objects.get(game="german", user__username="ann").games == 2

    mo.goto(f"{site_url}/admin/accounts/auditentry/")
    expect(mo.locator("#result_list tbody tr")).to_have_count(2)  # the app's set-up, the annul
    expect(mo.locator("#result_list")).to_contain_text("game annulled")
    mo.screenshot(path=f"{SHOTS}-5-audit-log.png", full_page=True)
    assert ann.csp_errors == [] and mo.csp_errors == []  # type: ignore[attr-defined]
