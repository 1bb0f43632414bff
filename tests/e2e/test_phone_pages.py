"""Pages a new player reaches on a phone (390 x 844), as a German player sees them: no page
scrolls sideways (an event's page as its organiser sees it, with its invite link; the data
page with its sessions; the profile; pages titled with one long German word, as
"Datenschutzerklärung"; the privacy notice's tables), no heading of a results table
breaks inside a word (it broke "Platz" and "Spiele" one letter a line), and the data page's
sessions and the list of events show every cell whole (the tables were cut at the phone's
edge: the sessions' last seen and End button, the events' rounds and status, out of sight
with nothing saying so)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from playwright.sync_api import Browser, expect

from accounts.models import SessionInfo
from fairplay.cheats import play
from rankings.services import game_score_create
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.rankings.helpers import store
from tournaments.services import event_create

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}

# A heading cell whose widest word is wider than the cell: the word was broken inside.
BROKEN_HEADINGS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('main .results-table:not(.stack-table) th')]
    .filter((th) => th.offsetParent !== null).filter((th) => {
      const style = getComputedStyle(th);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return th.textContent.trim().split(/\\s+/).some((w) => ctx.measureText(w).width > room + 1);
    }).map((th) => th.textContent.trim());
}"""


def a_drive(organiser):
    return event_create(organiser, name="Friday drive", game="whist", kind="drive", rounds=12,
                        movement="progressive", private=True,
                        starts_at=timezone.now() + timedelta(hours=2))  # fmt: skip


def phone_page(browser: Browser, site_url: str, username: str):
    page = browser.new_page(viewport=PHONE)
    log_in(page, site_url, username)
    page.context.add_cookies([{"name": "django_language", "value": "de", "url": site_url}])
    return page


def shot(page, name: str) -> None:
    folder = ARTIFACTS / "phone"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def test_on_a_phone_no_page_scrolls_sideways(browser: Browser, site_url: str) -> None:
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    event = a_drive(ann)
    page = phone_page(browser, site_url, "ann")
    wide = []
    for path in (f"/events/{event.pk}/", "/accounts/data/", "/accounts/profile/",
                 "/notifications/", "/privacy/", "/terms/"):  # fmt: skip
        page.goto(site_url + path)
        shot(page, path.strip("/").replace("/", "_"))
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide.append(f"{path}: {width} px")
    assert wide == []


def test_on_a_phone_no_table_heading_breaks_inside_a_word(browser: Browser, site_url: str):
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    store(play("knockout", 3, ["club"] * 3, 1), [ann, "club", "club"], rated=False)
    a_drive(ann)
    page = phone_page(browser, site_url, "ann")
    broken = []
    for path in ("/accounts/players/ann/", "/events/"):
        page.goto(site_url + path)
        shot(page, path.strip("/").replace("/", "_"))
        assert page.locator("main .results-table th").count(), path
        broken += [f"{path}: {h}" for h in page.evaluate(BROKEN_HEADINGS)]
    assert broken == []


# The cells of the sessions table not wholly in sight: beyond the window's or the table's
# edge (a table scrolled inside its box hides what is past its right edge), or their text
# wider than the cell.
CUT_CELLS = """(selector) => {
  const table = document.querySelector(selector);
  const edge = Math.min(window.innerWidth, table.getBoundingClientRect().right);
  return [...table.querySelectorAll('td')].filter((cell) => {
    const box = cell.getBoundingClientRect();
    return box.left < 0 || box.right > edge + 0.5 || cell.scrollWidth > cell.clientWidth + 1;
  }).map((cell) => cell.textContent.trim());
}"""


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_on_a_phone_the_data_page_shows_every_session_whole(
    browser: Browser, site_url: str, language: str
) -> None:
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    other = SessionStore()
    other.create()  # a second browser, which the page offers to end
    SessionInfo.objects.create(session_key=other.session_key, user=ann,
                               device="Samsung Internet 27 on Android",
                               place="Utrecht, Netherlands")  # fmt: skip
    page = phone_page(browser, site_url, "ann")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    page.goto(f"{site_url}/accounts/data/")
    sessions = page.get_by_test_id("sessions")
    sessions.scroll_into_view_if_needed()
    expect(sessions).to_contain_text("Utrecht, Netherlands")
    folder = ARTIFACTS / "phone"
    folder.mkdir(parents=True, exist_ok=True)
    sessions.screenshot(path=str(folder / f"data-sessions-{language}.png"))
    assert page.evaluate(CUT_CELLS, "[data-testid=sessions]") == []
    assert sessions.locator("button").first.is_visible()  # End, for the other session


@pytest.mark.parametrize("language", ["en", "de"])
def test_on_a_phone_the_events_list_shows_every_cell_whole(
    browser: Browser, site_url: str, language: str
) -> None:
    """The list's six columns scrolled inside the table on a phone: its rounds and status
    were cut at the edge, with nothing saying so (German: "Runde", no "Status")."""
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    a_drive(ann)
    page = phone_page(browser, site_url, "ann")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    page.goto(f"{site_url}/events/")
    expect(page.get_by_test_id("coming-events")).to_contain_text("Friday drive")
    shot(page, f"events-{language}")
    assert page.evaluate(CUT_CELLS, "[data-testid=coming-events]") == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_on_a_phone_a_players_tables_show_every_cell_whole(
    browser: Browser, site_url: str, language: str
) -> None:
    """A player's statistics (six columns, seen by another player) and recent games (five)
    scrolled inside their tables on a phone, their last columns out of sight with nothing
    saying so (the walk of 2026-12-06)."""
    make = get_user_model().objects.create_user
    ann = make("ann", password=PASSWORD, display_name="Ann")
    bob = make("bob", password=PASSWORD, display_name="Bob")
    game_score_create(store(play("knockout", 3, ["club"] * 3, 1), [ann, bob, "club"]).pk)
    page = phone_page(browser, site_url, "bob")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    page.goto(f"{site_url}/accounts/players/ann/")
    for table in ("player-stats", "recent-games"):
        expect(page.get_by_test_id(table)).to_be_visible()
    shot(page, f"profile-{language}")
    for table in ("player-stats", "recent-games"):
        assert page.evaluate(CUT_CELLS, f"[data-testid={table}]") == [], table
