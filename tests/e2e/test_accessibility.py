"""Accessibility: axe-core finds no serious or critical violation on the home, lobby, table
(waiting and in play), profile, leaderboard, records, rules and how-to-play pages; and none
of them logs a script error."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from playwright.sync_api import Page

from social.services.friends import friend_accept, friend_request
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import create_table

pytestmark = pytest.mark.django_db(transaction=True)
SERIOUS = {"serious", "critical"}


def serious_violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]} {v['help']}"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


@pytest.mark.parametrize(
    "viewport", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}]
)
def test_the_pages_have_no_serious_accessibility_violations(
    page: Page, site_url: str, viewport: dict
) -> None:
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    bob = get_user_model().objects.create_user("bob", password=PASSWORD, display_name="Bob")
    friend_accept(bob, friend_request(ann, bob).pk)  # a friend's profile: "Remove from friends"
    page.set_viewport_size(viewport)
    script_errors: list[str] = []
    page.on("pageerror", lambda exc: script_errors.append(f"{page.url}: {exc}"))
    page.on(
        "console",
        lambda m: script_errors.append(f"{page.url}: {m.text}") if m.type == "error" else None,
    )
    found: dict[str, list[str]] = {}
    page.goto(f"{site_url}/")
    found["home (visitor)"] = serious_violations(page)
    log_in(page, site_url, "ann")
    found["lobby"] = serious_violations(page)
    pages = ("/", "/accounts/players/ann/", "/accounts/players/bob/", "/leaderboards/knockout/",
             "/my/games/", "/games/upload/", "/rules/knockout/", "/learn/whist/")  # fmt: skip
    for path in pages:
        page.goto(f"{site_url}{path}")
        found[path] = serious_violations(page)
    create_table(page, site_url, "whist")
    page.wait_for_timeout(500)
    found["table in play"] = serious_violations(page)
    page.get_by_role("button", name="Keys").click()
    found["table, shortcuts dialog"] = serious_violations(page)

    assert not {where: v for where, v in found.items() if v}
    assert not script_errors
