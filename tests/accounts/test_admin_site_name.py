"""The admin carries the card room's name, in the reader's language, not Django's
"Django administration": on its login page (its title and header) and, for staff past the
second factor, on its index, which names the second factor's device apps too."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from fairplay.cheats import play
from tests.rankings.helpers import store
from tests.staff import staff_client

pytestmark = pytest.mark.django_db

SECOND_FACTOR = {
    "en": "Second factor: recovery codes",
    "de": "Zweiter Faktor: Wiederherstellungscodes",
    "nl": "Tweede factor: herstelcodes",
}
NAMES = {
    "en": ("Whist card room", "Card room administration"),
    "de": ("Whist-Kartensalon", "Verwaltung des Kartensalons"),
    "nl": ("Whist-kaartzaal", "Beheer van de kaartzaal"),
}


@pytest.mark.parametrize("language", sorted(NAMES))
def test_the_admin_login_page_carries_the_card_rooms_name(language: str) -> None:
    page = Client().get("/admin/login/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    name, _ = NAMES[language]
    assert f"| {name}</title>" in page
    assert f'<a href="/admin/">{name}</a>' in page
    assert "Django" not in page


@pytest.mark.parametrize("language", sorted(NAMES))
def test_the_admin_index_carries_the_card_rooms_name(language: str) -> None:
    staff = get_user_model().objects.create_user(
        "boss", password="a-Long-pass-2024", is_staff=True, is_superuser=True
    )
    response = staff_client(staff).get("/admin/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    page = response.content.decode()
    name, index = NAMES[language]
    assert f"<title>{index} | {name}</title>" in page
    assert f"<h1>{index}</h1>" in page
    assert "Django" not in page
    # django-otp's device apps by their names, not their labels "OTP_TOTP" and "OTP_STATIC".
    assert ">OTP_" not in page and ">Otp_" not in page
    assert SECOND_FACTOR[language] in page


@pytest.mark.parametrize(("language", "column"), [("de", "Tisch"), ("nl", "Tafel")])
def test_the_game_records_list_names_its_table_column_in_the_readers_language(
    language: str, column: str
) -> None:
    """Its first column read "Table" in German and Dutch: the field had no translated name."""
    staff = get_user_model().objects.create_user(
        "boss", password="a-Long-pass-2024", is_staff=True, is_superuser=True
    )
    store(play("knockout", 3, ["club"] * 3, 1), [staff, "club", "club"], rated=False)
    page = staff_client(staff).get("/admin/records/gamerecord/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'class="sortable column-table' in text and f">{column}</a>" in text
    assert ">Table<" not in text
