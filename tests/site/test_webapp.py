"""The site as an app to install (issue 45 item 4): the manifest says what a browser needs
to offer it (name, icons, colours, start page, standalone), every page links it, and the
service worker is served from the root with the shell it caches and the offline page."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from whistsite import webapp

pytestmark = pytest.mark.django_db


def test_the_manifest_has_what_an_installable_app_needs(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["name"] == "Whist card room" and data["short_name"]
    assert data["display"] == "standalone" and data["start_url"] == "/lobby/"
    assert data["scope"] == "/" and data["theme_color"] and data["background_color"]
    sizes = {icon["sizes"] for icon in data["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in data["icons"])
    for icon in data["icons"]:
        path = icon["src"].removeprefix("/static/")
        assert (settings.STATICFILES_DIRS[0] / path).read_bytes()[:4] == b"\x89PNG"


def test_the_manifest_speaks_the_pages_language(client: Client) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    data = json.loads(client.get("/manifest.webmanifest").content)
    assert data["lang"] == "de" and data["name"] == "Whist-Kartensalon"


def test_every_page_links_the_manifest(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_the_service_worker_is_served_from_the_root_with_its_shell(client: Client) -> None:
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", body).group(1))
    assert "/offline/" in shell and "/static/css/site.css" in shell
    for url in shell[1:]:  # each file of the shell is there to be cached
        assert (settings.STATICFILES_DIRS[0] / url.removeprefix("/static/")).is_file()
    for event in ("install", "activate", "fetch", "push", "notificationclick"):
        assert f'addEventListener("{event}"' in body


def test_a_changed_file_changes_the_workers_cache(tmp_path) -> None:
    files = [tmp_path / "a.css", tmp_path / "b.js"]
    for path in files:
        path.write_text("x")
    before = webapp.digest(files)
    files[1].write_text("y")
    assert webapp.digest(files) != before


def test_the_offline_page_offers_to_try_again_and_names_nobody(client: Client) -> None:
    user = get_user_model().objects.create_user("zoltan", password="x-Long-pass-1")
    client.force_login(user)
    page = client.get("/offline/").content.decode()
    assert 'data-testid="retry"' in page
    assert "zoltan" not in page  # it is cached for whoever uses the browser next


def test_favicon_ico_leads_to_the_manifests_icon(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    icon = json.loads(client.get("/manifest.webmanifest").content)["icons"][0]["src"]
    assert response["Location"] == icon
    path = icon.removeprefix("/static/")
    assert (settings.STATICFILES_DIRS[0] / path).read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("path", "status"),
    [("/manifest.webmanifest", 200), ("/sw.js", 200), ("/offline/", 200), ("/favicon.ico", 302)],
)
def test_the_apps_addresses_answer_head_as_every_page_does(
    client: Client, path: str, status: int
) -> None:
    """A HEAD (a link checker's, an uptime monitor's) got 405 'Allow: GET' here alone."""
    assert client.head(path).status_code == status
