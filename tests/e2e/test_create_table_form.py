"""The create-table form in a real browser: a rule typed in and "Create table" clicked at once
makes the table with that rule."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser

from games.models import Table
from tests.e2e.helpers import PASSWORD, log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_rule_typed_then_create_clicked_at_once_makes_the_table(browser: Browser, site_url: str):
    """Cards in the first round typed, then Create table: the click leaves the field, whose
    change made the rules custom and showed the two-line note that such a table is casual,
    above the button, between the press and the release: the button moved away from under the
    pointer and the click was lost (no request, no error: a browser test that filled
    #id_start_cards never got its table). The rules are read as they are typed now."""
    get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/tables/new/")
    page.select_option("#id_game", "knockout")
    page.fill("#id_players", "3")
    page.fill("#id_start_cards", "2")
    page.click("[data-testid=create-submit]")
    page.wait_for_url(re.compile(r"/tables/\d+/$"), timeout=10000)
    table = Table.objects.get()
    assert (table.players, table.options["start_cards"], table.rated) == (3, 2, False)
