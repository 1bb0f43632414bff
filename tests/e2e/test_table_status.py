"""The table's status line, redrawn every second (static/js/table.js), writes its texts only
when they change: an unchanged text written again was a layout and a repaint a second on
every open table page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.test_table_motion import table_page

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_unchanged_status_line_is_not_written_again(browser: Browser, site_url: str) -> None:
    page = table_page(browser, site_url)
    page.evaluate("""() => { window.statusWrites = 0;
      const count = () => { window.statusWrites += 1; };
      for (const id of ["status-turn", "status-away"]) new MutationObserver(count).observe(
        document.getElementById(id), { childList: true, characterData: true, subtree: true }); }""")
    page.wait_for_timeout(2500)  # two or three of the once-a-second redraws
    assert page.evaluate("() => document.getElementById('status-turn').textContent")
    assert page.evaluate("() => window.statusWrites") == 0
