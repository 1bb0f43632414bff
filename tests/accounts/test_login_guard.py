"""Password guesses for one account are capped across all addresses (accounts.login_guard);
the right password from a browser that logged in to the account before still gets in, so
the cap cannot lock the owner out; a password reset ends it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

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
