"""The privacy notice says what the code stores (issue 40 item 1): every model with a key to
a player and every field of the user model is in its list, and everything in its list
exists; the site and its scripts set only the cookies the notice names, and it names none
they do not set."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client

from legal.inventory import COOKIES, ITEMS
from privacy.holdings import user_keys

PASSWORD = "a-Long-pass-2024"
LISTED = {label for item in ITEMS for label in item.models}
SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"
# A cookie a page's script sets: `document.cookie = `name=...`.
SCRIPT_COOKIE = re.compile(r"document\.cookie\s*=\s*[`'\"]([^=`'\"]+)=")


def script_cookies() -> set[str]:
    return {name for path in SCRIPTS.rglob("*.js") for name in SCRIPT_COOKIE.findall(
        path.read_text())}  # fmt: skip


def test_every_model_with_a_key_to_a_player_is_in_the_privacy_notice() -> None:
    missing = {m._meta.label for m, _fields in user_keys()} - LISTED
    assert not missing, f"add these to legal/inventory.py: {sorted(missing)}"


def test_every_field_of_the_user_model_is_in_the_privacy_notice() -> None:
    fields = {f.name for f in get_user_model()._meta.concrete_fields}
    listed = {name for item in ITEMS for name in item.fields}
    assert fields <= listed, f"add to legal/inventory.py: {sorted(fields - listed)}"
    assert listed <= fields, f"no such field any more: {sorted(listed - fields)}"


def test_everything_the_privacy_notice_lists_exists() -> None:
    for label in LISTED:
        apps.get_model(label)  # LookupError: the notice lists a model the code lacks


@pytest.mark.django_db
def test_the_site_sets_no_cookie_the_privacy_notice_does_not_name() -> None:
    """A visitor's way through the site: pages, sign-up, language menu, a game, log out."""
    allowed = {name for name, _why, _kept in COOKIES}
    set_names: set[str] = set()
    client = Client()

    def visit(method: str, path: str, data: dict | None = None) -> None:
        response = getattr(client, method)(path, data or {})
        set_names.update(response.cookies.keys())

    for path in ("/", "/lobby/", "/rules/knockout/", "/leaderboards/", "/events/",
                 "/accounts/signup/", "/accounts/login/", "/privacy/", "/no/such/"):  # fmt: skip
        visit("get", path)
    visit("post", "/accounts/signup/", {"username": "ann", "password1": PASSWORD,
                                         "password2": PASSWORD, "accept_terms": "on"})  # fmt: skip
    visit("post", "/i18n/setlang/", {"language": "de", "next": "/"})
    for path in ("/lobby/", "/accounts/players/ann/", "/accounts/profile/edit/", "/friends/",
                 "/notifications/", "/accounts/data/"):  # fmt: skip
        visit("get", path)
    visit("post", "/tables/play-now/", {"game": "knockout"})
    visit("post", "/accounts/logout/")
    visit("post", "/accounts/login/", {"username": "ann", "password": "wrong"})
    assert set_names, "the walk set no cookie at all: it did not log in"
    assert set_names <= allowed, f"name these in legal/inventory.py: {set_names - allowed}"
    # And the notice names no cookie the site does not set (one device cookie, not two).
    unseen = allowed - set_names - script_cookies()
    assert not unseen, f"nothing sets these: {unseen}"


def test_the_pages_scripts_set_only_cookies_and_keep_only_what_the_notice_names() -> None:
    from legal.inventory import BROWSER_STORAGE

    allowed = {name for name, _why, _kept in COOKIES}
    assert script_cookies() <= allowed, f"name in legal/inventory.py: {script_cookies() - allowed}"
    prefixes = [name.rstrip("*") for name, _why in BROWSER_STORAGE]
    for path in SCRIPTS.rglob("*.js"):
        text = path.read_text()
        sets = text.count("document.cookie =") + text.count("document.cookie=")
        assert sets == len(SCRIPT_COOKIE.findall(text)), f"a cookie the walk cannot name: {path}"
        if "localStorage" in text or "sessionStorage" in text:
            assert any(p.split(":")[0] in text for p in prefixes), path
