"""Password guesses for one account are capped across all addresses (accounts.login_guard);
the right password from a browser that logged in to the account before still gets in, so
the cap cannot lock the owner out; a password reset ends it."""

from __future__ import annotations

import time
from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import signing
from django.test import Client

from accounts import devices
from accounts.devices import read
from accounts.login_guard import guard_end
from accounts.models import SessionInfo

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"


def login(client: Client, password: str = PASSWORD, name: str = "ann") -> bool:
    client.post("/accounts/login/", {"username": name, "password": password})
    return "_auth_user_id" in client.session


def guesses(settings, count: int | None = None) -> None:
    """Wrong passwords for ann from as many addresses as guesses (one each: axes' count per
    account and address never binds)."""
    for attempt in range(count or settings.WHIST_ACCOUNT_FAILURES):
        assert not login(Client(REMOTE_ADDR=f"198.51.100.{attempt + 1}"), f"guess-{attempt}")


@pytest.fixture
def ann():
    return get_user_model().objects.create_user("ann", password=PASSWORD)


def test_password_guesses_for_one_account_are_capped_across_all_addresses(ann, settings):
    settings.WHIST_ACCOUNT_FAILURES = 6
    stranger = Client(REMOTE_ADDR="192.0.2.9")
    guesses(settings)
    assert not login(stranger)  # the right password, from a browser the account never saw
    response = stranger.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert "Many wrong passwords" in response.content.decode()
    assert login(Client(REMOTE_ADDR="192.0.2.10"), name="bob") is False  # no such account


def test_the_right_password_from_a_known_device_still_gets_in(ann, settings):
    settings.WHIST_ACCOUNT_FAILURES = 6
    own = Client(REMOTE_ADDR="192.0.2.7")
    assert login(own)
    own.post("/accounts/logout/")
    guesses(settings, 2 * settings.WHIST_ACCOUNT_FAILURES)
    own.defaults["REMOTE_ADDR"] = "203.0.113.50"  # another network: the browser counts
    assert login(own)


def test_a_password_reset_ends_the_cap(ann, settings):
    settings.WHIST_ACCOUNT_FAILURES = 6
    guesses(settings)
    assert not login(Client(REMOTE_ADDR="192.0.2.9"))
    guard_end(ann)
    assert login(Client(REMOTE_ADDR="192.0.2.9"))


def test_one_cookie_keeps_the_browser_key_and_its_known_accounts(ann, settings):
    """The known devices live in the browser key's cookie (accounts.devices), not a second
    one; a forged cookie is no known device."""
    settings.WHIST_ACCOUNT_FAILURES = 6
    own = Client(REMOTE_ADDR="192.0.2.7")
    response = own.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert set(response.cookies) == {"sessionid", "csrftoken", "whist_device"}
    key, accounts = read(own.cookies["whist_device"].value)
    assert key and accounts == [ann.pk]
    assert SessionInfo.objects.get(user=ann).device_key == key
    own.post("/accounts/logout/")
    guesses(settings)
    forged = Client(REMOTE_ADDR="192.0.2.8")
    forged.cookies["whist_device"] = own.cookies["whist_device"].value + "x"
    assert not login(forged)
    assert login(own)


class Clock:
    """`time` as django.core.signing reads it, `days` ahead of now."""

    def __init__(self, days: float) -> None:
        self.days = days

    def time(self) -> float:
        return time.time() + self.days * 86400


def test_each_login_signs_the_cookie_again(ann, settings, monkeypatch):
    """The cookie's days count from the last login, not the first: a browser that logs in
    every few months stays a known device past a year."""
    settings.WHIST_ACCOUNT_FAILURES = 6
    own = Client(REMOTE_ADDR="192.0.2.7")
    monkeypatch.setattr(signing, "time", Clock(-300))
    assert login(own)
    own.post("/accounts/logout/")
    monkeypatch.setattr(signing, "time", Clock(0))
    response = own.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert "whist_device" in response.cookies  # signed again, though its value named ann
    own.post("/accounts/logout/")
    monkeypatch.setattr(signing, "time", Clock(100))  # 400 days after the first login
    guesses(settings)
    assert login(own)


def legacy_browser(key: str, accounts: list[int]) -> Client:
    """A browser as the site left it before the one cookie: the key unsigned, the accounts
    in a second signed cookie."""
    browser = Client(REMOTE_ADDR="192.0.2.7")
    browser.cookies["whist_device"] = key
    browser.cookies["known_device"] = signing.dumps(accounts, salt="accounts.known_device")
    return browser


def test_the_earlier_cookies_still_name_a_known_device_and_are_replaced(ann, settings):
    settings.WHIST_ACCOUNT_FAILURES = 6
    key = "K" * 22
    browser = legacy_browser(key, [ann.pk])
    guesses(settings)
    response = browser.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert "_auth_user_id" in browser.session
    assert read(response.cookies["whist_device"].value) == (key, [ann.pk])
    assert response.cookies["known_device"]["max-age"] == 0  # removed
    assert SessionInfo.objects.get(user=ann).device_key == key


def test_the_earlier_cookies_are_read_only_until_the_transition_ends(ann, settings, monkeypatch):
    settings.WHIST_ACCOUNT_FAILURES = 6
    monkeypatch.setattr(devices, "LEGACY_UNTIL", date.today() - timedelta(days=1))
    browser = legacy_browser("K" * 22, [ann.pk])
    guesses(settings)
    assert not login(browser)
