"""A decision made while the table's socket is down (lost, or the server restarting, before
the page has opened a new one) cannot reach the server: the page says so and lets the player
act again, where the click was lost without a word and the hand stayed locked (the page
waited for an answer to a move never sent)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import sign_up
from tests.e2e.table_steps import create_table

pytestmark = pytest.mark.django_db(transaction=True)

# The socket closed and a card played in one step: the page has no open socket to send on.
ACT_WITHOUT_SOCKET = """() => {
  const app = window.whistTable;
  app.socket.close();
  app.act({ action: "play", card: app.msg.view.hands[app.msg.seat][0] });
  return app.pending;
}"""


def test_a_card_played_while_the_socket_is_down_is_not_lost_without_a_word(
    page: Page, site_url: str
) -> None:
    sign_up(page, site_url, "wim", "Wim")
    create_table(page, site_url, "german", level="beginner")
    assert page.evaluate(ACT_WITHOUT_SOCKET) is False  # free to act again
    expect(page.locator("#status-turn")).to_contain_text("Not sent")
    expect(page.locator("#status-conn")).to_have_text("")  # then the page connects again
