"""A table whose every seat is taken, before its start, says it is ready: its status line
said "Waiting for players: 2 of 2 seats taken" and its dialog "Waiting for players" above a
"Start the game" button (seen walking a rematch of two players on a phone)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from tests.e2e.helpers import log_in, table_socket_open

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_full_table_waiting_for_its_start_says_it_is_ready(browser: Browser, site_url: str):
    ann, bob = (get_user_model().objects.create_user(n, password="a-Long-pass-2024",
                display_name=n.title()) for n in ("ann", "bob"))  # fmt: skip
    table = services.table_create(ann, "german")
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/tables/{table.pk}/")
    table_socket_open(page)
    expect(page.locator("#status-turn")).to_have_text("Waiting for players: 1 of 2 seats taken")
    expect(page.locator("#dialog h2")).to_have_text("Waiting for players")

    services.seat_take(bob, table.pk, 1)

    expect(page.locator("#status-turn")).to_have_text("Every seat is taken: ready to start")
    expect(page.locator("#dialog h2")).to_have_text("Ready to start")
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
