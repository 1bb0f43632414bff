"""The site's other pages at the layout test's six sizes and a small laptop's (1152 x 864),
in English, German and Dutch, as a player with a name of two words sees them: the header
stays one short line with every link reachable (through its Menu on narrow screens), no
page scrolls sideways (the profile and the leaderboard on a phone; a club's pages as its
owner sees them), and no choice of each game's create-table form is cut."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser

from clubs.models import Membership
from clubs.services import club_create, post_add
from rankings.models import Rating
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS, SIZES, unreachable_header_links

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = ["/lobby/", "/tables/new/", "/accounts/players/ann/", "/leaderboards/knockout/",
         "/my/games/", "/rules/german/", "/clubs/", "/clubs/hearts-club/",
         "/clubs/hearts-club/leaderboard/knockout/", "/accounts/data/"]  # fmt: skip
HEADER_MAX = 72  # px: one line of header (it took 240 of 844 px on a phone)
# A small laptop's window: a signed-in player's links wrapped to a second line from 961 to
# 1,279 px in every language, at 1,280 and 1,366 px in German and Dutch too.
PAGE_SIZES = [*SIZES, (1152, 864)]

# A panel whose content is wider than it (the sessions' table of /accounts/data/ ran 34 px out
# of its narrow panel on a desktop, in German and Dutch).
WIDER_THAN_PANEL = """() => [...document.querySelectorAll('main .card-panel')]
  .filter((panel) => panel.scrollWidth > panel.clientWidth + 1)
  .map((panel) => `${panel.dataset.testid || panel.className}:`
    + ` ${panel.scrollWidth} > ${panel.clientWidth}`)"""

# A select whose chosen option is wider than the box shows it (the arrow takes ~1.6rem).
CUT_SELECTS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('main select')].filter((el) => el.offsetParent !== null)
    .filter((el) => {
      const style = getComputedStyle(el);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.options[el.selectedIndex]?.text || '';
      const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const room = el.clientWidth - pad - 20;
      return ctx.measureText(text).width > room;
    }).map((el) => `${el.id}: ${el.options[el.selectedIndex]?.text}`);
}"""


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_every_page_header_and_form_is_readable_at_every_size(
    browser: Browser, site_url: str, language: str
):
    ann = get_user_model().objects.create_user("ann", password=PASSWORD,
                                               display_name="Annemarie Janssen")  # fmt: skip
    Rating.objects.create(
        user=ann, game="knockout", games=3, wins=1, display=1020, mu=26.0, sigma=8.0
    )
    club = club_create(ann, name="Hearts Club", about="Fridays.")  # its owner sees every form
    bob = get_user_model().objects.create_user("bob", password=PASSWORD, display_name="Bob")
    Membership.objects.create(club=club, user=bob)
    post_add(bob, club.pk, "See you on Friday")
    Client().force_login(ann)  # a session on another device: /accounts/data/ offers its "End"
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    log_in(page, site_url, "ann")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    folder = ARTIFACTS / "pages"
    folder.mkdir(parents=True, exist_ok=True)
    problems = []
    for path, game in [(p, None) for p in PAGES] + [
        ("/tables/new/", g) for g in ("german", "whist")
    ]:
        page.goto(site_url + path)
        if game:  # the create form of each game (Knockout Whist's is the first one)
            page.select_option("#id_game", game)
        for width, height in PAGE_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            name = f"{path.strip('/').replace('/', '_')}{game or ''}-{language}-{width}x{height}"
            sizes = page.evaluate(
                """() => ({scrollW: document.documentElement.scrollWidth, vw: window.innerWidth,
                           header: document.querySelector('.site-header').offsetHeight})"""
            )
            if sizes["scrollW"] > sizes["vw"] + 1:
                problems.append(f"{name}: scrolls sideways ({sizes['scrollW']} > {sizes['vw']})")
            if sizes["header"] > HEADER_MAX:
                problems.append(f"{name}: the header is {sizes['header']} px high")
            if unreachable_header_links(page):
                problems.append(f"{name}: unreachable {unreachable_header_links(page)}")
            if page.evaluate(WIDER_THAN_PANEL):
                problems.append(
                    f"{name}: content wider than its panel {page.evaluate(WIDER_THAN_PANEL)}"
                )
            if page.evaluate(CUT_SELECTS):
                problems.append(f"{name}: cut choices {page.evaluate(CUT_SELECTS)}")
            if width in (390, 1366):
                page.screenshot(path=str(folder / f"{name}.png"), full_page=width == 390)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "/lobby/")
    page.get_by_test_id("nav-toggle").click()  # the menu, open: every link in a column
    page.screenshot(path=str(folder / f"menu-open-{language}-390x844.png"))
    assert page.get_by_test_id("nav-toggle").get_attribute("aria-expanded") == "true"
    assert not problems, "\n".join(problems)


# A checkbox whose label does not start beside it on its line (a long label wrapped under it).
CHECKS_APART = """() => [...document.querySelectorAll('main .field-check')]
  .filter((field) => field.offsetParent !== null).filter((field) => {
    const box = field.querySelector('input[type=checkbox]').getBoundingClientRect();
    const label = field.querySelector('label').getBoundingClientRect();
    return !(label.left >= box.right && label.top < box.bottom && label.bottom > box.top);
  }).map((field) => field.dataset.field)"""


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_every_checkbox_of_the_setup_forms_sits_beside_its_label(
    browser: Browser, site_url: str, language: str
):
    """The create-table form (each game's rules) and the create-event form, on a desktop and a
    phone: a long label wrapped under its checkbox in a narrow column."""
    get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    log_in(page, site_url, "ann")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    folder = ARTIFACTS / "pages"
    folder.mkdir(parents=True, exist_ok=True)
    problems = []
    for path, game in [("/tables/new/", g) for g in ("knockout", "whist", "german")] + [
        ("/events/new/", "knockout")
    ]:
        page.goto(site_url + path)
        page.select_option("#id_game", game)
        for width, height in ((1366, 768), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            name = f"checks-{path.strip('/').replace('/', '_')}-{game}-{language}-{width}"
            apart = page.evaluate(CHECKS_APART)
            if apart:
                problems.append(f"{name}: {apart}")
            page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    assert not problems, "\n".join(problems)


# A radio choice's text that ends outside its form field (cut off, or the page scrolled).
CHOICES_OUT = """() => [...document.querySelectorAll('main .field input[type=radio]')]
  .filter((box) => box.offsetParent !== null).filter((box) => {
    const field = box.closest('.field').getBoundingClientRect();
    const label = box.closest('label').getBoundingClientRect();
    return label.right > field.right + 1 || label.right > window.innerWidth;
  }).map((box) => box.value)"""


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_club_drive_form_shows_each_movement_whole_on_a_phone(
    browser: Browser, site_url: str, language: str
):
    """A club's whist drive set up from its page on a phone (390x844): the movement's choices
    (each a long line: how partners move) are each shown whole, none cut off."""
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    club = club_create(ann, name="Hearts Club", about="Fridays.")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    log_in(page, site_url, "ann")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    page.goto(f"{site_url}/events/new/?club={club.pk}")
    page.select_option("#id_game", "whist")
    page.select_option("#id_kind", "drive")
    movement = page.locator("[data-field=movement]")
    movement.scroll_into_view_if_needed()
    folder = ARTIFACTS / "pages"
    folder.mkdir(parents=True, exist_ok=True)
    movement.screenshot(path=str(folder / f"drive-movement-{language}-390.png"))
    problems = page.evaluate(CUT_SELECTS) + page.evaluate(CHOICES_OUT)
    scroll = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert not problems and scroll <= 1, (problems, scroll)
    assert movement.locator("input[type=radio]").count() == 3  # every movement in sight
