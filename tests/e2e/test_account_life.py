"""An account's whole life in a real browser, as a new player meets it: the footer's legal
pages in English, German and Dutch; sign up, the confirmation mail (sent by the server over
SMTP to a real server the test runs), play a game against a bot, download the data, delete
the account, log in within the grace period (restored), delete it again. Screenshots of
each page go to SHOTS."""

from __future__ import annotations

import io
import json
import time
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import PASSWORD, game_over, play_until_over, wait_for_hand
from tests.mail_server import Received, link_in

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = "/tmp/whist-e2e-account"


@pytest.fixture
def smtp(_smtp_controller: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Received]:
    """The site's server process mails over SMTP to the test's server (before site_url)."""
    controller, handler = _smtp_controller
    handler.clear()
    monkeypatch.setenv("DJANGO_EMAIL_HOST", controller.hostname)
    monkeypatch.setenv("DJANGO_EMAIL_PORT", str(controller.port))
    monkeypatch.setenv("DJANGO_EMAIL_USE_TLS", "false")
    yield handler


def mail_to(smtp: Received, address: str, count: int, seconds: float = 20.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = smtp.to(address)
        if len(found) >= count:
            return found[count - 1]
        time.sleep(0.2)
    raise AssertionError(f"no mail number {count} to {address}")


def mail_with(smtp: Received, address: str, text: str, seconds: float = 30.0) -> bool:
    from tests.mail_server import text_of

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(text in text_of(m) for m in smtp.to(address)):
            return True
        time.sleep(0.2)
    return False


def log_in(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/accounts/login/")
    page.fill("#id_username", "newbie")
    page.fill("#id_password", PASSWORD)
    page.click("form.stack-form button[type=submit]")


def delete(page: Page, site_url: str, shot: str) -> None:
    page.goto(f"{site_url}/accounts/data/")
    page.click("[data-testid=delete-start]")
    expect(page.locator("[data-testid=delete-page]")).to_be_visible()
    page.screenshot(path=f"{SHOTS}-{shot}.png", full_page=True)
    page.fill("input[type=password]", PASSWORD)
    page.click("[data-testid=delete-confirm]")
    expect(page.locator("[data-testid=deleted-page]")).to_be_visible()


def test_a_new_player_lives_a_whole_account_life(page: Page, smtp: Received, site_url: str):
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(f"{site_url}/")
    footer = page.locator("footer")
    for name in ("Imprint", "Privacy notice", "Terms and rules of conduct"):
        expect(footer.get_by_role("link", name=name)).to_be_visible()
    footer.screenshot(path=f"{SHOTS}-0-footer.png")
    for language in ("en", "de", "nl"):
        page.context.add_cookies([{"name": "django_language", "value": language,
                                   "url": site_url}])  # fmt: skip
        for kind in ("imprint", "privacy", "terms"):
            page.goto(f"{site_url}/{kind}/")
            assert page.locator("html").get_attribute("lang") == language
            page.screenshot(path=f"{SHOTS}-1-{kind}-{language}.png", full_page=kind != "privacy")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": site_url}])

    page.goto(f"{site_url}/accounts/signup/")
    page.fill("#id_username", "newbie")
    page.fill("#id_display_name", "Newbie")
    page.fill("#id_email", "newbie@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.check("#id_accept_terms")
    page.click("form.stack-form button[type=submit]")
    page.wait_for_url(f"{site_url}/lobby/")
    link = link_in(mail_to(smtp, "newbie@example.org", 1), "/accounts/email/confirm/")
    page.goto(f"{site_url}{link}")
    page.click("[data-testid=email-confirm]")
    # The confirmation is a form's POST and a redirect: a screenshot taken while the page
    # was still navigating failed in Chromium ("Unable to capture screenshot").
    expect(page.locator(".messages")).to_contain_text("newbie@example.org is confirmed")
    page.screenshot(path=f"{SHOTS}-2-confirmed.png")

    page.goto(f"{site_url}/lobby/")
    page.click("[data-testid=create-table]")
    page.select_option("#id_game", "german")
    page.select_option("#id_seat_1", "beginner")
    page.click("[data-testid=create-submit]")
    page.get_by_role("button", name="Start the game").click()
    wait_for_hand(page)
    assert play_until_over(page, seconds=240) and game_over(page)
    page.screenshot(path=f"{SHOTS}-3-played.png")

    page.goto(f"{site_url}/accounts/data/")
    page.click("[data-testid=export-ask]")
    download_link = page.locator("[data-testid=export-download]")
    for _ in range(60):  # the export is a task: the page shows it when it is ready
        if download_link.count():
            break
        time.sleep(1)
        page.reload()
    page.screenshot(path=f"{SHOTS}-4-data-page.png", full_page=True)
    with page.expect_download() as download:
        download_link.first.click()
    archive = zipfile.ZipFile(io.BytesIO(open(download.value.path(), "rb").read()))
    profile = json.loads(archive.read("profile.json"))
    assert profile["username"] == "newbie" and profile["email"] == "newbie@example.org"
    assert any(name.startswith("games") for name in archive.namelist())
    assert mail_with(smtp, "newbie@example.org", "/accounts/data/")  # and mailed

    delete(page, site_url, "5-delete")
    page.screenshot(path=f"{SHOTS}-6-deleted.png")
    log_in(page, site_url)  # within the grace period: restored
    expect(page.locator(".messages")).to_contain_text("Welcome back")
    page.screenshot(path=f"{SHOTS}-7-restored.png")
    delete(page, site_url, "8-delete-again")
    assert mail_with(smtp, "newbie@example.org", "restores it")  # each closing is mailed
