"""Account enumeration and lockout by e-mail: sign-up attempts are limited
per address before the form says an e-mail address is taken; reset requests for an e-mail
address from other addresses never block its owner's; checks of the current password
(password change, e-mail change) are limited per user."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
TAKEN = "Another account uses this e-mail address"


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


def test_one_address_cannot_probe_e_mail_addresses_at_sign_up_without_limit(settings) -> None:
    settings.WHIST_RATE_SIGNUP_ATTEMPTS = "3/h"
    make_user("ann", email="ann@example.org")
    client = Client(REMOTE_ADDR="203.0.113.5")
    pages = [
        client.post("/accounts/signup/", {"username": f"probe{n}", "email": "ann@example.org",
                                          "password1": PASSWORD, "password2": "typo"})
        for n in range(4)
    ]  # fmt: skip

    assert [p.status_code for p in pages] == [200, 200, 200, 429]
    assert not any(TAKEN in p.content.decode() for p in pages)
    assert "Too many sign-up attempts" in pages[-1].content.decode()
    other = Client(REMOTE_ADDR="203.0.113.6").post(
        "/accounts/signup/", {"username": "newbie", "email": "new@example.org",
                              "password1": PASSWORD, "password2": PASSWORD,
                              "accept_terms": "on"},
    )  # fmt: skip
    assert other.status_code == 302


def test_resets_asked_from_five_addresses_do_not_block_the_owners_own(
    mailoutbox, django_capture_on_commit_callbacks
) -> None:
    make_user("ann", email="ann@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(5):
            Client(REMOTE_ADDR=f"198.51.100.{n + 1}").post(
                "/accounts/password_reset/", {"email": "ann@example.org"}
            )
        own = Client(REMOTE_ADDR="192.0.2.77").post(
            "/accounts/password_reset/", {"email": "ann@example.org"}
        )
    assert own.status_code == 302
    assert len(mailoutbox) == 6


def test_password_changes_are_limited_per_user(settings) -> None:
    settings.WHIST_RATE_PASSWORD_CHECKS = "2/h"
    ann = make_user("ann")
    codes = []
    for n, old in enumerate(["guess-1", "guess-2", PASSWORD]):
        client = Client(REMOTE_ADDR=f"192.0.2.{n + 1}")
        client.force_login(ann)
        data = {"old_password": old, "new_password1": "N3w-pass-long!",
                "new_password2": "N3w-pass-long!"}  # fmt: skip
        codes.append(client.post("/accounts/password_change/", data).status_code)

    assert codes == [200, 200, 429]
    ann.refresh_from_db()
    assert ann.check_password(PASSWORD)


def test_e_mail_changes_are_limited_per_user(settings) -> None:
    settings.WHIST_RATE_PASSWORD_CHECKS = "2/h"
    ann = make_user("ann", email="ann@example.org")
    client = Client()
    client.force_login(ann)
    codes = [
        client.post("/accounts/profile/edit/", {"display_name": "", "email": "new@example.org",
                                                "current_password": old}).status_code
        for old in ["guess-1", "guess-2", PASSWORD]
    ]  # fmt: skip

    assert codes == [200, 200, 429]
    ann.refresh_from_db()
    assert ann.email == "ann@example.org"
