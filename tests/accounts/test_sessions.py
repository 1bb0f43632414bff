"""A player's sessions (issue 40 item 2): listed with device and last sight, ended one or
all at once; a password change ends the others."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import SessionInfo
from accounts.sessions import device_of

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")  # fmt: skip


def logged_in(agent: str) -> Client:
    client = Client(HTTP_USER_AGENT=agent)
    assert (
        client.post("/accounts/login/", {"username": "ann", "password": PASSWORD}).status_code
        == 302
    )
    return client


@pytest.fixture
def ann():
    return get_user_model().objects.create_user("ann", password=PASSWORD)


def test_the_data_page_lists_each_session_with_its_device(ann) -> None:
    laptop, phone = logged_in(FIREFOX), logged_in(IPHONE)
    phone.get("/lobby/")
    page = laptop.get("/accounts/data/").content.decode()
    assert "Firefox 133 on Linux" in page and "Mobile Safari 17 on iOS" in page
    assert page.count("This session") == 1
    assert SessionInfo.objects.filter(user=ann).count() == 2


@pytest.mark.parametrize(
    ("language", "laptop", "phone"),
    [
        ("en", "Firefox 133 on Linux", "Mobile Safari 17 on iOS"),
        ("de", "Firefox 133 unter Linux", "Mobile Safari 17 unter iOS"),
        ("nl", "Firefox 133 op Linux", "Mobile Safari 17 op iOS"),
    ],
)
def test_the_data_page_names_each_device_in_the_page_language(
    ann, language: str, laptop: str, phone: str
) -> None:
    """The German and Dutch pages said "Firefox 133 on Linux": the browser and system are
    names, the word between them is the page's."""
    first = logged_in(FIREFOX)
    logged_in(IPHONE)
    page = first.get("/accounts/data/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f">{laptop}</td>" in page and f">{phone}</td>" in page  # a cell of its own


@pytest.mark.parametrize(("language", "where"), [("en", "Place"), ("de", "Ort"), ("nl", "Plaats")])
def test_the_sessions_column_of_where_they_are_is_a_place_not_a_rank(
    ann, language: str, where: str
) -> None:
    """German "Platz" is a place in a ranking (the profile's recent games), not where a
    session's network is."""
    page = logged_in(FIREFOX).get("/accounts/data/", HTTP_ACCEPT_LANGUAGE=language)
    assert f'<th scope="col">{where}</th>' in page.content.decode()


def test_a_player_ends_one_other_session(ann) -> None:
    laptop, phone = logged_in(FIREFOX), logged_in(IPHONE)
    phone.get("/lobby/")
    other = SessionInfo.objects.get(device__contains="iOS")
    laptop.post("/accounts/sessions/end/", {"session": other.pk})
    assert phone.get("/accounts/data/").status_code == 302  # logged out
    assert laptop.get("/accounts/data/").status_code == 200


def test_a_player_ends_all_other_sessions(ann) -> None:
    one, two, three = logged_in(FIREFOX), logged_in(IPHONE), logged_in(FIREFOX)
    one.post("/accounts/sessions/end/", {"all": "1"})
    assert one.get("/accounts/data/").status_code == 200
    assert two.get("/accounts/data/").status_code == three.get("/accounts/data/").status_code == 302
    assert SessionInfo.objects.filter(user=ann).count() == 1


@pytest.mark.parametrize("value", ["x", "-1", "99999999999999999999999", ""])
def test_a_bad_session_to_end_ends_nothing(ann, value: str) -> None:
    laptop, phone = logged_in(FIREFOX), logged_in(IPHONE)
    assert laptop.post("/accounts/sessions/end/", {"session": value}).status_code == 302
    assert phone.get("/accounts/data/").status_code == 200


def test_a_password_change_ends_the_other_sessions(ann) -> None:
    laptop, phone = logged_in(FIREFOX), logged_in(IPHONE)
    new = "another-Long-pass-99"
    data = {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    laptop.post("/accounts/password_change/", data)
    assert phone.get("/accounts/data/").status_code == 302
    page = laptop.get("/accounts/data/").content.decode()
    assert page.count("Firefox 133 on Linux") == 1 and "iOS" not in page


def test_a_device_is_named_from_what_the_browser_says() -> None:
    assert device_of(FIREFOX) == "Firefox 133 on Linux"
    assert device_of("") == "" and device_of("x" * 5000) == ""
