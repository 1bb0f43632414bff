"""An event with house rules made from the form (issue 44 item 2): the Dutch preset's button
sets the Knockout options as on the create-table form, and the event page names the rules."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.helpers import sign_up
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_knockout_event_with_the_dutch_rules_is_created_from_the_form(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_up(page, site_url, "ann", "Ann")
    page.goto(f"{site_url}/events/new/")
    page.fill("#id_name", "Dutch Tuesday")
    page.select_option("#id_game", "knockout")
    start = (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page.fill("#id_starts_at", start)
    expect(page.locator('fieldset[data-game="whist"]')).to_be_hidden()
    page.click('[data-preset="dutch"]')
    expect(page.locator("#id_sweep_wins")).to_be_checked()
    page.screenshot(path="/tmp/whist-e2e-event-form.png", full_page=True)
    page.click("[data-testid=event-submit]")
    expect(page.locator("[data-testid=event-preset]")).to_contain_text("Dutch")
    event = Event.objects.get(name="Dutch Tuesday")
    assert event.preset == "dutch" and event.options["sweep_wins"] is True
    page.select_option("#language-select", "nl")  # the page in Dutch: the rules named so
    expect(page.locator("[data-testid=event-preset]")).to_contain_text("Regels")
    page.screenshot(path="/tmp/whist-e2e-event-dutch-rules.png", full_page=True)


DRIVE_FIELDS = ("movement", "no_trump_hand", "prize_first", "prize_pair", "prize_booby")


def test_the_form_shows_a_kinds_own_fields_only_for_that_kind(page: Page, site_url: str):
    """A Swiss event's form asked for a drive's movement and prizes and an elimination's
    number going through; each kind's fields now show when it is chosen, and a drive's form
    offers no rules of the game. An elimination, played until one table is left, asked for
    a number of rounds it ignored: hidden while it is chosen."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_up(page, site_url, "ann", "Ann")
    page.goto(f"{site_url}/events/new/")
    shown = {
        kind: [
            name for name in ("rounds", *DRIVE_FIELDS, "through")
            if page.select_option("#id_kind", kind)
            and page.locator(f'[data-field="{name}"]').is_visible()
        ]
        for kind in ("swiss", "duplicate", "drive", "elimination", "swiss")
    }  # fmt: skip
    assert shown == {"swiss": ["rounds"], "duplicate": ["rounds"],
                     "drive": ["rounds", *DRIVE_FIELDS], "elimination": ["through"]}  # fmt: skip
    # A drive plays its own rules (one hand a round, trumps in turn): the Whist rules it
    # ignored (points for a game, honours, rubbers, trump) were offered, then the page said
    # "Points for a game: 1".
    whist_rules = page.locator('fieldset[data-game="whist"]')
    page.select_option("#id_game", "whist")
    expect(whist_rules).to_be_visible()
    page.select_option("#id_kind", "drive")
    expect(whist_rules).to_be_hidden()
    expect(page.get_by_test_id("drive-rules-note")).to_be_visible()
    page.select_option("#id_game", "knockout")
    page.select_option("#id_game", "whist")
    expect(whist_rules).to_be_hidden()
    page.select_option("#id_kind", "swiss")
    expect(whist_rules).to_be_visible()
    expect(page.get_by_test_id("drive-rules-note")).to_be_hidden()


def test_the_kinds_help_says_what_the_chosen_kind_is(page: Page, site_url: str):
    """The help under "Kind" began "A whist drive: ..." whichever kind was chosen."""
    sign_up(page, site_url, "ann", "Ann")
    page.goto(f"{site_url}/events/new/")
    for kind in ("swiss", "duplicate", "drive", "elimination"):
        page.select_option("#id_kind", kind)
        shown = page.locator("[data-field=kind] .kind-help:visible")
        expect(shown).to_have_count(1)
        expect(shown).to_have_attribute("data-kind", kind)
