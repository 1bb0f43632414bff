"""Moderation in real browsers: a player reports a chat line at the table; a moderator logs
in through the admin's login page, sets up the one-time-password app (key typed, code from
it), opens the report, mutes and then bans the player; the player's table page shows the
mute, then the ban; the audit log lists the three actions."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from accounts.moderators import ACCOUNTS_PERMISSIONS
from games import services
from tests.e2e.helpers import PASSWORD, log_in, second_factor_set_up, table_socket_open
from tests.staff import made_moderator

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = "/tmp/whist-e2e-moderation"
GAMES_PERMISSIONS = ["view_table", "view_chatmessage", "change_chatmessage"]


def setup_table() -> int:
    """Ann and Pat at a German Whist table in play; Mo is a moderator (staff, in the group
    the data migrations make)."""
    make = get_user_model().objects.create_user
    ann = make("ann", password=PASSWORD, display_name="Ann")
    pat = make("pat", password=PASSWORD, display_name="Pat")
    permissions = {"accounts": ACCOUNTS_PERMISSIONS, "games": GAMES_PERMISSIONS}
    made_moderator(make("mo", password=PASSWORD), permissions)
    table = services.table_create(ann, "german")
    services.seat_take(pat, table.pk, 1)
    return services.table_start(ann, table.pk).pk


def player_page(browser: Browser, site_url: str, username: str, table_id: int) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.csp_errors = []  # type: ignore[attr-defined]
    page.on(
        "console", lambda m: "Content Security Policy" in m.text and page.csp_errors.append(m.text)
    )
    log_in(page, site_url, username)
    page.goto(f"{site_url}/tables/{table_id}/")
    table_socket_open(page)
    return page


def csp_violation(page: Page, text: str) -> None:
    if "Content Security Policy" in text:
        page.csp_errors.append(text)  # type: ignore[attr-defined]


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def test_a_report_leads_to_a_mute_then_a_ban_that_the_players_table_shows(
    browser: Browser, site_url: str
) -> None:
    table_id = setup_table()
    pat = player_page(browser, site_url, "pat", table_id)
    ann = player_page(browser, site_url, "ann", table_id)
    pat_lobby = pat.context.new_page()
    pat_lobby.goto(f"{site_url}/lobby/")

    say(pat, "you are all idiots")
    line = ann.locator(".chat-line", has_text="you are all idiots")
    expect(line).to_be_visible()
    line.locator(".chat-report").click()
    expect(ann.locator("[data-testid=reported-line]")).to_contain_text("you are all idiots")
    ann.select_option("#id_reason", "abuse")
    ann.fill("#id_text", "insults at the table")
    ann.screenshot(path=f"{SHOTS}-1-report.png")
    ann.click("[data-testid=report-form] button[type=submit]")
    expect(ann.locator(".messages")).to_contain_text("the moderators will look")

    mo = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    mo.goto(f"{site_url}/admin/login/?next=/admin/")
    mo.fill("#id_username", "mo")
    mo.fill("#id_password", PASSWORD)
    mo.click("input[type=submit]")
    assert len(second_factor_set_up(mo, SHOTS)) == 10  # staff pages ask for the app's code
    mo.goto(f"{site_url}/admin/accounts/report/?status__exact=open")
    mo.locator("#result_list tbody tr").first.locator("a").first.click()
    expect(mo.locator(".field-chat_context mark")).to_contain_text("you are all idiots")
    mo.screenshot(path=f"{SHOTS}-2-report-in-admin.png", full_page=True)

    mo.click("a[data-action=mute]")
    mo.select_option("#id_duration", "3600")
    mo.fill("#id_reason", "Insults in the chat")
    mo.click("input[name=_save]")
    expect(mo.locator(".messagelist")).to_contain_text("Done")
    say(pat, "why can't I talk?")
    expect(pat.locator("[data-testid=chat-notice]")).to_contain_text("muted until")
    expect(pat.locator("[data-testid=chat-notice]")).to_contain_text("Insults in the chat")
    pat.screenshot(path=f"{SHOTS}-3-muted.png")

    mo.click("a[data-action=ban]")
    mo.select_option("#id_duration", "0")
    mo.fill("#id_reason", "Repeated abuse after a mute")
    mo.click("input[name=_save]")
    expect(pat.locator("[data-testid=table-notice]")).to_contain_text("Repeated abuse after a mute")
    expect(pat.locator("[data-testid=table-notice]")).to_contain_text("banned")
    expect(pat.locator("#chat-form")).to_be_hidden()
    pat.screenshot(path=f"{SHOTS}-4-banned.png")

    mo.select_option("#id_outcome", "banned")
    mo.fill("#id_note", "muted, then banned")
    mo.click("input[name=_save]")
    mo.goto(f"{site_url}/admin/accounts/auditentry/")
    rows = mo.locator("#result_list tbody tr")
    expect(rows).to_have_count(4)
    for text in ("report closed", "banned", "muted", "one-time-password app set up"):
        expect(mo.locator("#result_list")).to_contain_text(text)
    mo.screenshot(path=f"{SHOTS}-5-audit-log.png", full_page=True)

    # The lobby tab reloads when its socket is closed: the ban page, and Pat is logged out.
    expect(pat_lobby.locator("[data-testid=banned]")).to_contain_text("Repeated abuse")
    pat.reload()
    expect(pat.locator("#chat-form")).to_have_count(0)  # logged out: no chat form
    assert pat.csp_errors == [] and ann.csp_errors == []  # type: ignore[attr-defined]
