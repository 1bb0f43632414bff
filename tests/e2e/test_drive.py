"""A whist drive of three tables played to its end in the browser's view (issue 44 item 1):
twelve players who are away (bots play their hands, docs/rules.md §5.5) and one bot short,
so a bot fills the last table; the hands follow each other as soon as the last one ends;
the organiser watches the standings, the prizes and a player's score card."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.helpers import sign_up
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
HANDS = 2


def test_a_three_table_drive_is_played_to_its_end_with_score_cards(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_up(page, site_url, "ann", "Ann")
    ann = get_user_model().objects.get(username="ann")
    event = services.event_create(
        ann, name="Church hall drive", game="whist", kind="drive", rounds=HANDS,
        movement="progressive", no_trump_hand=True, bot_level="beginner", private=True,
        starts_at=timezone.now() + timedelta(hours=1),
        prizes={"first": "A tin of biscuits", "booby": "A wooden spoon"},
    )  # fmt: skip
    users = get_user_model().objects
    for i in range(11):
        user = users.create_user(f"p{i:02d}", password="pw", display_name=f"Player {i}")
        services.entry_join(user, event.pk, event.invite_token)
    # The players have not opened the event page: absent, the stand-ins play for them.
    page.goto(f"{site_url}/events/{event.pk}/")
    expect(page.locator("[data-testid=drive-rules]")).to_contain_text("progressive")
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())  # the start has come
    status = page.locator("[data-testid=event-status]")
    for _ in range(HANDS * 20):
        page.wait_for_timeout(3_000)
        page.reload()
        if status.inner_text() == "finished":
            break
    expect(status).to_have_text("finished")
    expect(page.locator("[data-testid=drive-prizes]")).to_contain_text("A wooden spoon")
    page.screenshot(path="/tmp/whist-e2e-drive-standings.png", full_page=True)
    page.locator("[data-testid=standings] a", has_text="score card").first.click()
    card = page.locator("[data-testid=score-card] tbody tr")
    expect(card).to_have_count(HANDS)
    expect(card.nth(1)).to_contain_text("Clubs")
    page.screenshot(path="/tmp/whist-e2e-drive-score-card.png", full_page=True)
    event.refresh_from_db()
    assert event.current_round == HANDS
