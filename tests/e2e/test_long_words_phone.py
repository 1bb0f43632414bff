"""A long unbroken word a player wrote (a pasted link on a club's wall, a club's long name)
wraps on a phone (390 x 844) instead of widening the whole page: one wall post of a link
made the club's page 2983 px wide, and a 60-letter club name its members' profiles 648."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser

from clubs.services.clubs import club_create
from clubs.services.wall import post_add
from tests.e2e.helpers import PASSWORD, log_in

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
NAME = "Kaartclubvriendenvanhetnoordelijkwhistgenootschapzwolleeo"
LINK = "https://example.org/share?token=" + "Ab3xY9" * 30


def test_long_words_wrap_instead_of_widening_the_page_on_a_phone(
    browser: Browser, site_url: str
) -> None:
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    club = club_create(ann, name=NAME)
    post_add(ann, club.pk, LINK)
    page = browser.new_page(viewport=PHONE)
    log_in(page, site_url, "ann")
    widths = {}
    for path in (f"/clubs/{club.slug}/", "/accounts/players/ann/"):
        page.goto(f"{site_url}{path}")
        widths[path] = page.evaluate("() => document.documentElement.scrollWidth")
    assert widths == dict.fromkeys(widths, PHONE["width"])
