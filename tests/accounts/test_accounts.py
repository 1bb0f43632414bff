"""Accounts: sign up, log in and out, password change and reset, profiles, throttling."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"


@pytest.fixture(autouse=True)
def _clear_throttle() -> None:
    cache.clear()


def make_user(username: str = "ann", **extra: str):
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


def test_sign_up_creates_the_account_and_logs_in(client: Client) -> None:
    data = {"username": "ann", "display_name": "Ann", "email": "ann@example.org",
            "password1": PASSWORD, "password2": PASSWORD, "accept_terms": "on"}  # fmt: skip
    response = client.post("/accounts/signup/", data)

    assert response.status_code == 302
    assert response.url == "/lobby/"
    user = get_user_model().objects.get(username="ann")
    assert client.session["_auth_user_id"] == str(user.pk)


def test_usernames_are_unique_whatever_the_case(client: Client) -> None:
    make_user("Ann")
    data = {"username": "aNN", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/accounts/signup/", data)

    assert response.status_code == 200
    assert "already exists" in response.content.decode()


def test_log_in_and_log_out_by_post(client: Client) -> None:
    make_user()
    response = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302 and response.url == "/lobby/"

    assert client.get("/accounts/logout/").status_code == 405  # logging out needs a POST
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_forms_carry_a_csrf_token(client: Client) -> None:
    csrf_client = Client(enforce_csrf_checks=True)
    for url in ("/accounts/login/", "/accounts/signup/", "/accounts/password_reset/"):
        assert "csrfmiddlewaretoken" in client.get(url).content.decode()
    response = csrf_client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403


def test_password_change(client: Client) -> None:
    user = make_user()
    client.force_login(user)
    new = "another-Long-pass-99"
    data = {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    response = client.post("/accounts/password_change/", data)

    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


def test_password_reset_sends_a_mail_with_a_working_link(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    make_user(email="ann@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounts/password_reset/", {"email": "ann@example.org"})

    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/reset/" in line)
    path = link[link.index("/accounts/reset/") :]
    form_url = client.get(path).url  # Django swaps the token for a session marker
    new = "another-Long-pass-99"
    response = client.post(form_url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 302
    assert get_user_model().objects.get(username="ann").check_password(new)


def test_a_used_reset_link_says_so_and_offers_a_new_one(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    """A reset link used once (or expired, or mangled) showed the form's heading and a "Set
    password" button with no fields, and nothing said why: a dead end."""
    make_user(email="ann@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/password_reset/", {"email": "ann@example.org"})
    link = next(line for line in mail.outbox[0].body.splitlines() if "/reset/" in line)
    path = link[link.index("/accounts/reset/") :]
    new = "another-Long-pass-99"
    client.post(client.get(path).url, {"new_password1": new, "new_password2": new})

    body = client.get(path).content.decode()

    assert "Set password</button>" not in body
    assert "no longer valid" in body
    assert 'href="/accounts/password_reset/"' in body


def test_display_names_are_escaped(client: Client) -> None:
    user = make_user(display_name="<script>alert(1)</script>")
    client.force_login(user)
    body = client.get(f"/accounts/players/{user.username}/").content.decode()

    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_profile_can_be_edited(client: Client) -> None:
    user = make_user()
    client.force_login(user)
    response = client.post("/accounts/profile/edit/", {"display_name": "Annie", "email": ""})

    assert response.status_code == 302
    user.refresh_from_db()
    assert user.display_name == "Annie"
    assert "Annie" in client.get(response.url).content.decode()


def test_logins_are_throttled_per_account_before_the_password_is_checked(client: Client) -> None:
    make_user()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": "ann", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "ANN", "password": PASSWORD})

    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_pages_speak_german_and_dutch(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert "Offene Tische" in client.get("/lobby/").content.decode()
    assert "Anmelden" in client.get("/accounts/login/").content.decode()
    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    assert "Inloggen" in client.get("/accounts/login/").content.decode()


def test_a_refused_profile_change_keeps_the_saved_name_in_the_header(client: Client) -> None:
    """An address changed without the password is refused: the header named the player by
    the display name typed in the same form, which was not saved."""
    user = make_user("walker", display_name="Walker Newman", email="walker@example.org")
    client.force_login(user)
    data = {"display_name": "Walker N.", "email": "walker2@example.org"}
    response = client.post("/accounts/profile/edit/", data)
    page = response.content.decode()
    assert response.status_code == 200 and response.context["form"].errors
    assert 'class="nav-user" title="Walker Newman">Walker Newman</a>' in page
    assert 'value="Walker N."' in page  # what was typed stays in the form
    user.refresh_from_db()
    assert user.display_name == "Walker Newman"


def test_the_dutch_password_texts_say_je_as_the_site_does(client: Client) -> None:
    """Django's own password texts said "u" ("Uw wachtwoord ...") amid the site's "je"."""
    client.cookies["django_language"] = "nl"
    page = client.get("/accounts/signup/").content.decode()
    assert "Je wachtwoord mag niet te veel op je andere persoonlijke gegevens lijken." in page
    assert "Je wachtwoord moet minstens 8 tekens lang zijn." in page
    assert "Uw " not in page and " uw " not in page
    client.force_login(make_user("walker"))
    wrong = {"old_password": "nope", "new_password1": "x", "new_password2": "x"}
    page = client.post("/accounts/password_change/", wrong).content.decode()
    assert "Je oude wachtwoord is niet juist ingevoerd." in page
