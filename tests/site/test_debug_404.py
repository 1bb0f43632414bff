"""`make run` serves with DEBUG on (DJANGO_DEBUG=true), and a missing page showed Django's
technical 404 page (every URL pattern, "You're seeing this error because you have DEBUG =
True"): a new player trying the site got nothing they could use. Now it is the site's own
page, as in production; WHIST_DEBUG_404=true asks for Django's (whistsite/patches/debug_404.py)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db
TECHNICAL = "Using the URLconf defined in"
# No route; a route whose view raises Http404 (records.views.history).
ADDRESSES = ["/no-such-page/", "/players/nobody-at-all/games/"]


@pytest.mark.parametrize("address", ADDRESSES)
@pytest.mark.parametrize(
    ("language", "title"), [("en", "Page not found"), ("de", "Seite nicht gefunden")]
)
def test_a_missing_page_under_debug_is_the_sites_own_page(
    client: Client, settings, address: str, language: str, title: str
) -> None:
    settings.DEBUG = True
    response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 404
    assert 'data-testid="error-page"' in page and title in page and TECHNICAL not in page
    assert 'data-testid="development-setup"' in page  # the yellow band stays


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_developer_asks_for_djangos_technical_page(
    client: Client, settings, address: str
) -> None:
    settings.DEBUG, settings.WHIST_DEBUG_404 = True, True
    response = client.get(address)
    assert response.status_code == 404 and TECHNICAL in response.content.decode()


def test_without_debug_the_page_is_the_sites_as_before(client: Client, settings) -> None:
    settings.DEBUG, settings.WHIST_DEBUG_404 = False, True  # the switch means nothing then
    response = client.get(ADDRESSES[0])
    assert response.status_code == 404 and 'data-testid="error-page"' in response.content.decode()
