"""django-otp's devices in the admin read in the staff member's language: its models, their
fields and help texts and its pages' sections are plain English strings in django-otp (not
marked for translation), so a German or Dutch index listed "TOTP devices" and "Static
devices" and a device's page "Identity", "Name", "Is this device ready for use?"
(accounts/otp_names.py marks the same words; English reads as before)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.functional import Promise
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.staff import app_of, staff_client

pytestmark = pytest.mark.django_db

INDEX = {
    "en": ("TOTP devices", "Static devices"),
    "de": ("TOTP-Geräte", "Statische Geräte"),
    "nl": ("TOTP-apparaten", "Statische apparaten"),
}
PAGE = {  # a TOTP device's page: sections, a field, a help text, the QR code's column
    "en": ("Identity", "Timestamps", "Configuration", "State", "Throttling", "Confirmed",
           "Is this device ready for use?"),
    "de": ("Identität", "Zeitstempel", "Konfiguration", "Zustand", "Drosselung", "Bestätigt",
           "Ist dieses Gerät einsatzbereit?"),
    "nl": ("Identiteit", "Tijdstempels", "Configuratie", "Status", "Beperking", "Bevestigd",
           "Is dit apparaat klaar voor gebruik?"),
}  # fmt: skip


def _boss():
    return get_user_model().objects.create_superuser("boss", "b@example.org", "pw")


@pytest.mark.parametrize("language", sorted(INDEX))
def test_the_admin_index_names_the_device_models_in_the_readers_language(language: str) -> None:
    page = staff_client(_boss()).get("/admin/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for name in INDEX[language]:
        assert f">{name}</a>" in page
    if language != "en":
        for english in INDEX["en"]:
            assert f">{english}<" not in page


@pytest.mark.parametrize("language", sorted(PAGE))
def test_a_devices_page_names_its_sections_fields_and_help_in_the_readers_language(
    language: str,
) -> None:
    boss = _boss()
    client = staff_client(boss)
    device = app_of(boss)
    page = client.get(f"/admin/otp_totp/totpdevice/{device.pk}/change/",
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()  # fmt: skip
    *sections, field, help_text = PAGE[language]
    for section in sections:
        assert f">{section}</h2>" in page or f">{section}</legend>" in page, section
    assert f">{field}</label>" in page or f">{field}:</label>" in page
    assert help_text in page
    if language != "en":
        for english in PAGE["en"]:
            assert f">{english}<" not in page and f">{english}:<" not in page


def test_every_name_and_help_of_django_otps_models_is_marked_and_reads_as_its_own():
    """Each is replaced by the same English, marked: a word django-otp changes in an upgrade
    keeps django-otp's own (unmarked) and fails here, rather than read in stale words."""
    with translation.override("en"):
        for model in (TOTPDevice, StaticDevice, StaticToken):
            assert isinstance(model._meta.verbose_name, Promise), model
            assert isinstance(model._meta.verbose_name_plural, Promise), model
            for field in model._meta.concrete_fields:
                if field.name in ("id", "t0", "last_t"):
                    continue
                assert isinstance(field.verbose_name, Promise), (model, field.name)
                if field.help_text:
                    assert isinstance(field.help_text, Promise), (model, field.name)
