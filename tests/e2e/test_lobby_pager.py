"""The lobby's "Older tables" link before its socket has sent a page (docs/protocol.md,
"Lobby socket"): the page the server rendered is the one the link pages on from."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.django_db(transaction=True)


def lobby_of_40_tables() -> list[int]:
    """40 open Whist tables, newest first: the lobby shows 30 of them on its first page."""
    from django.contrib.auth import get_user_model

    from games.models import Seat, Table

    owner = get_user_model().objects.create_user("owner", password="!", display_name="Owner")
    tables = Table.objects.bulk_create(
        Table(game="whist", players=4, created_by=owner) for _ in range(40)
    )
    Seat.objects.bulk_create(
        Seat(table=t, index=i, user=owner if i == 0 else None) for t in tables for i in range(4)
    )
    return sorted((t.pk for t in tables), reverse=True)


def signed_up(browser: Browser, site_url: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    sign_up(page, site_url, "ann", "Ann")
    return page


def test_older_tables_clicked_before_the_sockets_first_page_asks_for_the_next_page(
    browser: Browser, site_url: str
) -> None:
    ids = lobby_of_40_tables()
    page = signed_up(browser, site_url)
    frames: list[dict] = []
    sockets: list[WebSocketRoute] = []

    def held(ws: WebSocketRoute) -> None:  # a socket that is open and has sent nothing yet
        sockets.append(ws)
        ws.on_message(lambda text: frames.append(json.loads(text)))

    page.route_web_socket("**/ws/lobby/**", held)
    page.goto(f"{site_url}/lobby/")
    expect(page.locator("#page-count")).to_have_text("30 of 40 tables")
    for _ in range(100):
        if sockets:
            break
        page.wait_for_timeout(50)
    page.get_by_role("link", name="Older tables").click()
    for _ in range(100):
        if any(f.get("type") == "list" for f in frames):
            break
        page.wait_for_timeout(50)
    lists = [f for f in frames if f.get("type") == "list"]
    assert lists, frames
    assert lists[0]["before"] == ids[29]  # the oldest row shown: the next page starts after it


def test_older_tables_without_a_socket_follows_the_link(browser: Browser, site_url: str) -> None:
    ids = lobby_of_40_tables()
    page = signed_up(browser, site_url)
    page.route_web_socket("**/ws/lobby/**", lambda ws: ws.close())
    page.goto(f"{site_url}/lobby/")
    expect(page.locator("#page-count")).to_have_text("30 of 40 tables")
    page.get_by_role("link", name="Older tables").click()
    expect(page).to_have_url(f"{site_url}/lobby/?before={ids[29]}")
    rows = page.locator("[data-testid=open-tables] li.table-row")
    expect(rows).to_have_count(10)
    assert int(rows.first.get_attribute("data-table")) == ids[30]
