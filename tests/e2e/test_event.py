"""A player signs up for an event on its page, plays the first round's table when the round
starts on time (the embedded server's watchdog), and sees the standings change."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.models import Move
from tests.e2e.helpers import play_until_over, sign_up, wait_for_hand
from tests.staff import second_factor
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def test_sign_up_for_an_event_play_the_first_rounds_table_and_see_the_standings_change(
    page: Page, site_url: str
) -> None:
    users = get_user_model().objects
    staff = second_factor(  # staff organise public events after the second factor
        users.create_user("director", password="pw", display_name="Director", is_staff=True)
    )
    event = services.event_create(
        staff, name="Evening Knockout", game="knockout", table_size=4, rounds=2,
        options={"start_cards": 3}, starts_at=timezone.now() + timedelta(hours=1),
        bot_level="beginner",
    )  # fmt: skip
    for name in ("bob", "cat"):  # signed up, never on the event page since: the stand-in plays
        services.entry_join(users.create_user(name, password="pw", display_name=name), event.pk)

    page.set_viewport_size({"width": 1280, "height": 900})
    sign_up(page, site_url, "ann", "Ann")
    page.click("text=Events")
    page.click("text=Evening Knockout")
    expect(page.locator("text=placement points")).to_be_visible()
    page.click("[data-testid=join-event]")
    expect(page.locator("[data-testid=leave-event]")).to_be_visible()
    expect(page.locator("[data-testid=standings]")).to_contain_text("Ann")
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())  # the start has come

    # Shown once the socket says the event changed.
    page.locator("[data-testid=my-table]").click(timeout=30_000)
    wait_for_hand(page)
    assert play_until_over(page, seconds=150)
    page.screenshot(path="/tmp/whist-e2e-event-table.png")
    # The absent players' seats were the stand-in's from the first move: no turn ran out.
    assert not Move.objects.filter(by=Move.By.TIMEOUT).exists()
    # Never lost between rounds: no rematch, the standing, then the next table once dealt.
    dialog = page.locator("#dialog")
    expect(dialog.locator("[data-testid=event-standing]")).to_contain_text("Evening Knockout")
    expect(dialog.get_by_role("button", name="Rematch")).to_have_count(0)
    first_table = page.url
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(minutes=16))
    expect(dialog.locator("[data-testid=next-table]")).to_be_visible(timeout=30_000)
    expect(page.locator("[data-testid=notice-toast]").first).to_contain_text("round 2")
    page.screenshot(path="/tmp/whist-e2e-event-next-table.png")
    dialog.locator("[data-testid=next-table]").click()
    page.wait_for_url(lambda url: url != first_table)
    wait_for_hand(page)

    page.goto(f"{site_url}/events/{event.pk}/")
    expect(page.locator("[data-testid=round-1]")).to_contain_text("record", timeout=30_000)
    row = page.locator("[data-testid=standings] tr", has_text="Ann")
    expect(row.locator("td").last).to_have_text("1", timeout=30_000)  # one game counted
    page.screenshot(path="/tmp/whist-e2e-event-standings.png", full_page=True)
