"""A club member reports a line of the club's wall from its page (the flag beside another
member's line), as a chat line is reported: the form, the thanks, the report for the
moderators; in German too."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from accounts.models import Report
from clubs import services
from clubs.models import Membership
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/wall-report"


def test_a_member_reports_a_wall_line_from_the_clubs_page(page: Page, site_url: str) -> None:
    users = get_user_model().objects
    ann, bob = (users.create_user(n, password=PASSWORD, display_name=n.title())
                for n in ("ann", "bob"))  # fmt: skip
    club = services.club_create(ann, name="Hearts Club", joining="open")
    Membership.objects.create(club=club, user=bob)
    services.post_add(ann, club.pk, "Drive on Friday at eight")
    rude = services.post_add(bob, club.pk, "you are all idiots")

    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/clubs/{club.slug}/")
    wall = page.locator("[data-testid=wall]")
    expect(wall.locator("[data-testid=report-post]")).to_have_count(1)  # not her own line
    page.screenshot(path=f"{SHOTS}/wall-1-club-page.png", full_page=True)
    wall.locator("li", has_text="you are all idiots").locator("[data-testid=report-post]").click()
    expect(page.locator("[data-testid=reported-line]")).to_contain_text("you are all idiots")
    page.select_option("#id_reason", "abuse")
    page.fill("#id_text", "insults the members")
    page.screenshot(path=f"{SHOTS}/wall-2-report-form.png", full_page=True)
    page.locator("[data-testid=report-form] button[type=submit]").click()
    page.wait_for_url(f"{site_url}/clubs/{club.slug}/")
    expect(page.locator("body")).to_contain_text("the moderators will look at your report")
    page.screenshot(path=f"{SHOTS}/wall-3-thanks.png", full_page=True)
    report = Report.objects.get()
    assert (report.reported, report.wall_post_id, report.text) == (
        bob,
        rude.pk,
        "insults the members",
    )

    page.select_option("#language-select", "de")
    expect(wall.locator("[data-testid=report-post]")).to_contain_text("Melden")
    page.screenshot(path=f"{SHOTS}/wall-4-club-page-de.png", full_page=True)
