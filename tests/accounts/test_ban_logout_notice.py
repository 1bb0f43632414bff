"""A banned player's open session ends at their next request, which answers with the ban
page; when that request was not a page they saw (another tab, a script's fetch), the page
they load next, the lobby reloaded or the login page, still says they are banned and why,
once, in their language (seen: a lobby tab reloaded to a plain logged-out lobby, the reason
shown only at the next login attempt)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import services
from accounts.moderators import ACCOUNTS_PERMISSIONS
from tests.staff import made_moderator

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
BANNED = {"en": "Your account is banned: cheating", "de": "Dein Konto ist gesperrt: cheating",
          "nl": "Je account is verbannen: cheating"}  # fmt: skip


def make_user(username: str):
    return get_user_model().objects.create_user(username, password=PASSWORD)


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_page_after_a_ban_logout_says_the_player_is_banned_and_why(language):
    moderator = made_moderator(make_user("mod"), {"accounts": ACCOUNTS_PERMISSIONS})
    pat = make_user("pat")
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(pat)
    services.ban_create(moderator, pat, "cheating")

    assert client.get("/jsi18n/").status_code == 403  # a script's request ends the session
    assert "_auth_user_id" not in client.session
    login = client.get("/accounts/login/").content.decode()
    assert BANNED[language] in login
    assert BANNED[language] not in client.get("/accounts/login/").content.decode()  # once
