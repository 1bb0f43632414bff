"""Where a moderator finds the fair-play queue (docs/fairplay.md §3): the admin's index and
its side menu list it, and the site's header links it, for staff with the review right past
the second factor, in their language; staff without the right, a session before the second
factor and players see no link."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from fairplay.apps import MODERATOR_PERMISSIONS
from tests.staff import made_moderator, staff_client

pytestmark = pytest.mark.django_db

NAMES = {"en": "Fair-play queue", "de": "Fair-Play-Warteschlange", "nl": "Fairplaywachtrij"}


@pytest.fixture
def moderator(make_user: Any) -> Any:
    return made_moderator(make_user("mod"), {"fairplay": MODERATOR_PERMISSIONS})


@pytest.fixture
def desk(make_user: Any) -> Any:
    """Staff without the review right (in no group)."""
    user = make_user("desk")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


def _link() -> str:
    return f'href="{reverse("fairplay_queue")}"'


@pytest.mark.parametrize("language", sorted(NAMES))
def test_the_admin_index_lists_the_queue_for_a_moderator(moderator: Any, language: str) -> None:
    response = staff_client(moderator).get("/admin/", HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 200
    assert f'<a href="{reverse("fairplay_queue")}">{NAMES[language]}</a>' in page


def test_every_admin_page_lists_the_queue_in_its_side_menu(moderator: Any) -> None:
    page = staff_client(moderator).get("/admin/accounts/report/").content.decode()
    assert 'id="nav-sidebar"' in page
    assert _link() in page.split('id="nav-sidebar"', 1)[1]


def test_the_admin_lists_no_queue_for_staff_without_the_review_right(desk: Any) -> None:
    page = staff_client(desk).get("/admin/").content.decode()
    assert _link() not in page


@pytest.mark.parametrize("language", sorted(NAMES))
def test_the_site_header_links_the_queue_for_a_moderator(moderator: Any, language: str) -> None:
    page = staff_client(moderator).get("/lobby/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    header = page.split("</header>", 1)[0]
    assert _link() in header and NAMES[language] in header


def test_the_site_header_has_no_queue_link_before_the_second_factor(moderator: Any) -> None:
    client = Client()
    client.force_login(moderator)
    assert _link() not in client.get("/lobby/").content.decode()


@pytest.mark.parametrize("who", ["player", "desk"])
def test_the_site_header_has_no_queue_link_for_others(make_user: Any, desk: Any, who: str) -> None:
    user = desk if who == "desk" else make_user("pat")
    assert _link() not in staff_client(user).get("/lobby/").content.decode()
