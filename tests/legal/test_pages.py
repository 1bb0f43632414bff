"""The legal pages (issue 40 item 1): imprint, privacy notice and terms in three languages,
linked from every page's footer and from sign-up, their text the operator's (the admin or
files) without a code change, each change a new version; the terms' acceptance recorded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from accounts.models import AuditEntry
from legal.models import Acceptance, LegalDocument
from legal.services import text_set
from tests.games.helpers import german_table
from tests.staff import staff_client as verified_client

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
ROOT = Path(__file__).resolve().parents[2]
HEADINGS = {
    "imprint": {"en": "Imprint", "de": "Impressum", "nl": "Colofon"},
    "privacy": {"en": "Privacy notice", "de": "Datenschutzerklärung", "nl": "Privacyverklaring"},
    "terms": {"en": "Rules of conduct", "de": "Verhaltensregeln", "nl": "Gedragsregels"},
}


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("kind", ["imprint", "privacy", "terms"])
def test_each_legal_page_is_there_in_three_languages(kind: str, language: str) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/{kind}/")
    assert page.status_code == 200
    assert HEADINGS[kind][language] in page.content.decode()


@pytest.mark.parametrize("path", ["/", "/lobby/", "/accounts/login/", "/accounts/signup/",
                                  "/leaderboards/", "/no/such/page/"])  # fmt: skip
def test_every_page_links_the_legal_pages_in_its_footer(path: str) -> None:
    body = Client().get(path, follow=True).content.decode()
    footer = body[body.index('<footer class="site-footer"') :]
    for link in ('href="/imprint/"', 'href="/privacy/"', 'href="/terms/"'):
        assert link in footer, (path, link)


def test_a_table_page_has_no_footer_and_links_the_legal_pages_in_its_panel() -> None:
    """The table fills the window (tests/e2e/test_table_layout.py): a footer would take the
    felt's height, so its panel carries the links instead."""
    ann = get_user_model().objects.create_user("ann", password=PASSWORD)
    bob = get_user_model().objects.create_user("bob", password=PASSWORD)
    table = german_table(ann, bob)
    client = Client()
    client.force_login(ann)
    body = client.get(f"/tables/{table.pk}/").content.decode()
    assert '<footer class="site-footer"' not in body
    panel = body[body.index('data-testid="table-legal"') :]
    for link in ('href="/imprint/"', 'href="/privacy/"', 'href="/terms/"'):
        assert link in panel, link


def staff_client() -> Client:
    staff = get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    return verified_client(staff)


def test_staff_change_the_text_in_the_admin_and_the_version_moves_on() -> None:
    client = staff_client()
    before = Client().get("/imprint/").content.decode()
    version = LegalDocument.objects.get(kind="imprint").version
    assert 'data-testid="legal-default"' in before
    form = {"texts-TOTAL_FORMS": "1", "texts-INITIAL_FORMS": "0", "texts-0-language": "de",
            "texts-0-body": "Betrieben von Erika Muster, Musterweg 1, 12345 Musterstadt",
            "texts-0-document": "imprint"}  # fmt: skip
    response = client.post("/admin/legal/legaldocument/imprint/change/", form)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert LegalDocument.objects.get(kind="imprint").version == version + 1
    page = Client(HTTP_ACCEPT_LANGUAGE="de").get("/imprint/").content.decode()
    assert "Erika Muster" in page and 'data-testid="legal-default"' not in page
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/imprint/").content.decode()
    assert "has not filled in" in english  # no English text yet: the default's
    assert AuditEntry.objects.filter(target__startswith="legal page").exists()


def test_the_same_text_again_is_no_new_version() -> None:
    text_set("imprint", "de", "Erika Muster")
    version = LegalDocument.objects.get(kind="imprint").version
    assert not text_set("imprint", "de", "Erika Muster\r\n")
    assert LegalDocument.objects.get(kind="imprint").version == version


def test_the_operators_files_fill_the_pages(tmp_path: Path) -> None:
    (tmp_path / "imprint.en.txt").write_text("# Operator\n\nJane Doe, 1 Main Street <x>\n")
    (tmp_path / "terms.nl.txt").write_text("- Wees aardig\n- Geen spam: https://example.org\n")
    call_command("legal_import", str(tmp_path))
    page = Client().get("/imprint/").content.decode()
    assert "<h2>Operator</h2>" in page and "Jane Doe, 1 Main Street &lt;x&gt;" in page
    terms = Client(HTTP_ACCEPT_LANGUAGE="nl").get("/terms/").content.decode()
    assert "<li>Wees aardig</li>" in terms and 'href="https://example.org"' in terms


@pytest.mark.parametrize(
    ("files", "expected"),
    [({}, "no such directory"), ({"imprint.fr.txt": "x"}, "imprint.fr.txt: expected"),
     ({"about.en.txt": "x"}, "about.en.txt: expected")],
)  # fmt: skip
def test_legal_import_refuses_bad_input_with_one_line_and_status_2(
    tmp_path: Path, files: dict[str, str], expected: str
) -> None:
    folder = tmp_path / "legal"
    if files:
        folder.mkdir()
        for name, text in files.items():
            (folder / name).write_text(text)
    run = subprocess.run(
        [sys.executable, "manage.py", "legal_import", str(folder)],
        cwd=ROOT, capture_output=True, text=True,
        env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1"},
    )  # fmt: skip
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and expected in run.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [(["legal_import"], "required: directory"), (["legal_import", "a", "b"], "unrecognized"),
     (["log_hash"], "required: values")],
)  # fmt: skip
def test_the_commands_refuse_bad_arguments_with_one_line_and_status_2(
    args: list[str], expected: str
) -> None:
    run = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True,
        env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1"},
    )  # fmt: skip
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and expected in run.stderr


def test_sign_up_links_the_terms_and_records_their_accepted_version(client: Client) -> None:
    text_set("terms", "en", "Be kind.")
    version = LegalDocument.objects.get(kind="terms").version
    form = client.get("/accounts/signup/").content.decode()
    assert 'href="/terms/"' in form and 'href="/privacy/"' in form
    data = {"username": "ann", "password1": PASSWORD, "password2": PASSWORD}
    refused = client.post("/accounts/signup/", data)
    assert refused.status_code == 200 and not get_user_model().objects.filter(username="ann")
    assert client.post("/accounts/signup/", {**data, "accept_terms": "on"}).status_code == 302
    (acceptance,) = Acceptance.objects.filter(user__username="ann")
    assert (acceptance.kind, acceptance.version) == ("terms", version)
