"""A player knocked out of an elimination event (docs/rules.md §5.9), in the game-over dialog
of their last table: told they are out, in which round, and, once the round has ended,
where they finished, with the event page's link, and never "Your next table appears here".
The players are absent: their seats' stand-in bots play the tables on the server."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_event_sitting_out import page_as, round_played, round_seated, started_cup
from tournaments.models import Placement

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS")  # a folder: the test saves what it saw there


def test_a_player_knocked_out_is_told_so_and_where_they_finished(
    browser: Browser, site_url: str
) -> None:
    event = started_cup(("ann", "bob", "cat", "dan"))

    first = round_seated(event, 1)  # four players, tables of two: two tables
    round_played(first)
    loser = Placement.objects.filter(round=first, place=2, entry__isnull=False).first()
    page = page_as(browser, site_url, loser.entry.user.username)
    page.goto(f"{site_url}/tables/{loser.table_id}/")
    dialog = page.locator("#dialog")
    out = dialog.locator("[data-testid=knocked-out]")
    expect(out).to_contain_text("You are out of German cup: you went out in round 1",
                                timeout=20_000)  # fmt: skip
    expect(dialog).not_to_contain_text("Your next table appears here")
    expect(dialog.locator("[data-testid=next-table]")).to_have_count(0)
    expect(dialog.locator("[data-testid=event-page]")).to_have_attribute(
        "href", f"/events/{event.pk}/"
    )
    # Once the round is settled (the server's next look at the event), the standings place
    # the players out: the dialog, asking again until then, says where they finished.
    expect(out).to_contain_text("went out in round 1 and finished in place", timeout=60_000)
    expect(out).to_contain_text("of 4")
    expect(dialog).not_to_contain_text("Your next table appears here")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/knocked-out-1-placed.png")
    for language, words in (("de", "Du bist aus German cup ausgeschieden"),
                            ("nl", "Je ligt uit German cup")):  # fmt: skip
        page.select_option("#language-select", language)
        expect(page.locator("#dialog [data-testid=knocked-out]")).to_contain_text(
            words, timeout=20_000
        )
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/knocked-out-2-placed-{language}.png")
