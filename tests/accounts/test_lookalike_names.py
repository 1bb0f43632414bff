"""Look-alike names: names are compared by their confusable skeleton
(Unicode TS #39), so a name with a Cyrillic а beside a player's Latin a, or a bot's name
with a Cyrillic о or a zero, is refused; the skeleton is stored beside each name."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.text import name_key

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
CYRILLIC_A, CYRILLIC_O = "\u0430", "\u043e"


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


def display_name_saved(user, name: str) -> bool:
    client = Client()
    client.force_login(user)
    client.post("/accounts/profile/edit/", {"display_name": name, "email": ""})
    user.refresh_from_db()
    return user.display_name == name


def test_a_username_with_a_cyrillic_letter_beside_a_players_name_is_refused() -> None:
    make_user("Pat")
    data = {"username": f"P{CYRILLIC_A}t", "password1": PASSWORD, "password2": PASSWORD}
    page = Client().post("/accounts/signup/", data)

    assert page.status_code == 200
    assert "Another player already goes by this name" in page.content.decode()
    assert get_user_model().objects.count() == 1


@pytest.mark.parametrize(
    "name", [f"P{CYRILLIC_A}t", "PAT", "P\u0251t", f"B{CYRILLIC_O}t (Club player)", "B0t",
             f"b{CYRILLIC_O}t", "Bot (C1ub player)"],
)  # fmt: skip
def test_a_display_name_that_looks_like_a_player_or_a_bot_is_refused(name: str) -> None:
    make_user("Pat")
    assert not display_name_saved(make_user("kim"), name)


def test_a_different_name_is_still_accepted() -> None:
    make_user("Pat")
    assert display_name_saved(make_user("kim"), "Patrick")
    assert display_name_saved(make_user("lee"), "Zoë")


def test_the_skeleton_is_stored_beside_each_name() -> None:
    user = make_user(f"P{CYRILLIC_A}m", display_name=f"B{CYRILLIC_O}b")
    assert (user.username_key, user.name_key) == ("pam", "bob")
    assert name_key("Ａnn") == name_key("ANN") == name_key("ann") == "ann"
