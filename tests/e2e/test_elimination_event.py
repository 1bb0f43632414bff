"""An elimination event made from the form as an organiser would (issue 44 item 2,
docs/rules.md §5.9): its rules on the page, and its first round seated with who is in."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.helpers import sign_up
from tests.e2e.table_steps import ARTIFACTS
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/elimination-event"


def test_an_elimination_event_is_created_from_the_form_and_its_first_round_seated(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_up(page, site_url, "ann", "Ann")
    page.goto(f"{site_url}/events/new/")
    page.fill("#id_name", "Knockout cup")
    page.select_option("#id_game", "knockout")
    page.select_option("#id_kind", "elimination")
    page.fill("#id_table_size", "3")
    page.fill("#id_through", "1")
    start = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page.fill("#id_starts_at", start)
    page.screenshot(path=f"{SHOTS}/elim-1-form.png", full_page=True)
    page.click("[data-testid=event-submit]")
    expect(page.locator("[data-testid=elimination-rules]")).to_contain_text(
        "the best player goes through"
    )
    event = Event.objects.get(name="Knockout cup")
    assert (event.kind, event.through, event.table_size) == ("elimination", 1, 3)
    page.click("[data-testid=join-event]")  # the organiser plays too
    users = get_user_model().objects
    for i in range(6):
        user = users.create_user(f"p{i:02d}", password="pw", display_name=f"Player {i}")
        services.entry_join(user, event.pk, event.invite_token)
    page.reload()
    page.screenshot(path=f"{SHOTS}/elim-2-event-coming.png", full_page=True)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())  # the start has come
    first = page.locator("[data-testid=round-1] tbody tr")
    for _ in range(20):
        page.wait_for_timeout(2_000)
        page.reload()
        if first.count():
            break
    expect(first).to_have_count(2)  # 7 players, tables of 3: two tables, the best seed a bye
    expect(page.locator("[data-testid=byes-1]")).to_be_visible()
    expect(page.locator("[data-testid=elimination-state]").first).to_be_visible()
    page.screenshot(path=f"{SHOTS}/elim-3-first-round.png", full_page=True)
    page.select_option("#language-select", "de")
    expect(page.locator("[data-testid=elimination-rules]")).to_contain_text("K.-o.")
    page.screenshot(path=f"{SHOTS}/elim-4-first-round-de.png", full_page=True)
