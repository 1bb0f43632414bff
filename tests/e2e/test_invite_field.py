"""The "invite a player" field of an open table's panel is a field like the site's forms'
(site.css, .field input): their size of text, their height, and at least 10rem wide beside
its button. It was the browser's bare input: 13 px text in a box 21 px high, 81 px wide on
a laptop and 20 px on a phone, squeezed beside its label. A player page's "Invite to a
table" choice of game is a form's select likewise (it was the browser's, 13 px text)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from games import services
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)

# The size of the element `id`, and of a form field of the site of its kind (a .field's
# input or select) put on the page.
SIZES = """(id) => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {width: r.width, height: r.height, font: parseFloat(getComputedStyle(e).fontSize)}; };
  const shown = document.getElementById(id);
  const field = document.createElement('div');
  field.className = 'field';
  field.style.cssText = 'position: absolute; left: 0; top: 0; width: 20rem';
  field.append(shown.cloneNode(true));
  field.firstChild.removeAttribute('id');
  document.body.append(field);
  const out = {invite: box(shown), form: box(field.firstChild),
               rem: parseFloat(getComputedStyle(document.documentElement).fontSize)};
  field.remove();
  return out;
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_invite_field_is_a_normal_field(browser: Browser, site_url: str, width, height):
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    table = services.table_create(ann, "whist", 4)
    page = browser.new_page(viewport={"width": width, "height": height})
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/tables/{table.pk}/")
    if width < 800:  # the panels are a drawer of tabs
        page.get_by_role("button", name="Game").click()
        page.wait_for_timeout(400)  # the drawer slides in
    expect(page.locator("#invite-name")).to_be_visible()
    (ARTIFACTS / "pages").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pages" / f"table-invite-{width}x{height}.png"))
    b = page.evaluate(SIZES, "invite-name")
    assert b["invite"]["font"] == b["form"]["font"]
    assert abs(b["invite"]["height"] - b["form"]["height"]) <= 1
    assert b["invite"]["width"] >= 10 * b["rem"]


def test_a_player_pages_invite_choice_is_a_forms_select(browser: Browser, site_url: str):
    for name in ("ann", "bob"):
        get_user_model().objects.create_user(name, password=PASSWORD, display_name=name.title())
    page = browser.new_page(viewport={"width": 390, "height": 844})
    log_in(page, site_url, "ann")
    page.goto(f"{site_url}/accounts/players/bob/")
    form = page.get_by_test_id("invite-form")
    form.scroll_into_view_if_needed()
    (ARTIFACTS / "pages").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pages" / "profile-invite-390x844.png"))
    b = page.evaluate(SIZES, "invite-game")
    assert b["invite"]["font"] == b["form"]["font"]
    assert abs(b["invite"]["height"] - b["form"]["height"]) <= 1
