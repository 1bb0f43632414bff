"""Small things a new player met (issue 45 item 6), where only a browser shows them: a
notification's toast at a table leaves the chat box free, and the end of a Whist game names
the winning side as a side, not two players "tied"; in German and Dutch two who won together
"haben gewonnen" / "hebben gewonnen" (it said "hat" / "heeft", as of one), on the table and
at the replay's end, and on a phone each side's names are shown whole (they were cut: "Bot
(Anfänger) 2 & Bot…")."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import services
from tests.e2e.helpers import PASSWORD, log_in, sign_up
from tests.e2e.table_steps import create_table, overlap

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()

NOTICE = """() => window.dispatchEvent(new CustomEvent("whist:notice", {detail: {
  type: "notice", id: 1, kind: "award", unread: 1, url: "/notifications/", data: {},
  text: "Achievement earned: First trick, Good sport, A long name to fill the note."}}))"""


@pytest.mark.parametrize(
    "viewport", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}]
)
def test_a_toast_at_a_table_leaves_the_chat_free_and_whist_ends_with_sides(
    page: Page, site_url: str, viewport: dict
) -> None:
    page.set_viewport_size(viewport)
    sign_up(page, site_url, "wim", "Wim")
    create_table(page, site_url, "whist", level="beginner")
    if viewport["width"] < 800:  # the panels are a drawer: open the chat
        page.locator("[data-panel=panel-chat]").click()
    page.evaluate(NOTICE)
    toast = page.locator("[data-testid=notice-toast]").first
    expect(toast).to_be_visible()
    rect = "(el) => el.getBoundingClientRect().toJSON()"
    chat = page.locator("#chat-form").evaluate(rect)
    assert not overlap(toast.evaluate(rect), chat), "the toast covers the chat box"
    toast.get_by_role("button").click()

    table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    wim = User.objects.get(username="wim")
    with ThreadPoolExecutor(1) as thread:  # not on Playwright's event loop
        thread.submit(services.move_play, table_id, {"action": "resign"}, user=wim).result()
    page.reload()  # the server's sockets do not hear of this process's change
    ranking = page.locator("#dialog [data-testid=ranking]")
    expect(ranking).to_be_visible(timeout=15000)
    assert "tied" not in ranking.inner_text()
    expect(ranking.locator("li").first).to_contain_text("Winning side:")
    expect(ranking.locator("li").nth(1)).to_contain_text("Losing side: Wim & ")


# The ranking's rows whose text the row cuts (wider than the row shows).
CUT_ROWS = """() => [...document.querySelectorAll('#dialog [data-testid=ranking] li')]
  .filter((li) => li.scrollWidth > li.clientWidth + 1).map((li) => li.textContent)"""


def test_a_side_that_won_is_named_as_two_and_whole_on_a_phone(page: Page, site_url: str) -> None:
    ann = User.objects.create_user("ann", password=PASSWORD, display_name="Annemarie Janssen")
    table = services.table_create(ann, "whist")
    services.table_start(ann, table.pk, fill_bots="beginner")
    services.move_play(table.pk, {"action": "resign"}, user=ann)  # the bots' side wins
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, site_url, "ann")
    for language, won in (("de", "haben gewonnen."), ("nl", "hebben gewonnen.")):
        page.context.add_cookies([{"name": "django_language", "value": language,
                                   "url": site_url}])  # fmt: skip
        page.goto(f"{site_url}/tables/{table.pk}/")
        result = page.locator("#dialog [data-testid=result]")
        expect(result).to_contain_text(won)
        assert " & " in result.inner_text()
        assert page.evaluate(CUT_ROWS) == []
        page.goto(f"{site_url}/games/{table.pk}/replay/")
        page.locator("[data-step=end]").click()
        expect(page.get_by_test_id("replay-caption")).to_contain_text(won)
