"""The line saying who takes a finished trick ("Bot (Vereinsspieler) 3 macht den Stich"),
shown through the trick's pause, covers no seat's plate on an upright phone (390 x 844): it
lay across the felt's middle, over the plates at the sides. The table's states come as
frames to the page's routed socket (as in test_presentation_text): the one before a
trick's last card, then the one after it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser

from games import services
from games.reads.messages import view_of
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.e2e.test_presentation_text import frame, played, routed_table

pytestmark = pytest.mark.django_db(transaction=True)

# The note's box and the plates', read as soon as the trick's pause shows the note.
NOTE_SHOWN = """() => {
  const note = document.getElementById('trick-note');
  if (note.hidden) return null;
  const box = (e) => { const r = e.getBoundingClientRect();
                       return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {note: box(note), text: note.textContent, felt: box(document.getElementById('felt')),
          seats: [...document.querySelectorAll('#seats .seat')].map(box)};
}"""


def overlap(a, b) -> bool:
    across = a["left"] < b["right"] and b["left"] < a["right"]
    return across and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def before_a_bots_trick(states, players: int) -> int:
    """The index of the state just before the last card of a trick a bot takes (the longest
    names), within a deal."""
    return next(
        i for i in range(len(states) - 1)
        if len(states[i].trick) == players - 1 and not states[i + 1].trick
        and states[i + 1].deal_no == states[i].deal_no
        and view_of(states[i + 1], 0)["last_trick"]["winner"] != 0
    )  # fmt: skip


TABLES = [("knockout", 3), ("knockout", 4), ("knockout", 5), ("knockout", 7), ("whist", 4),
          ("german", 2)]  # fmt: skip


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_on_a_phone_the_trick_winners_line_covers_no_seat(
    browser: Browser, site_url: str, game: str, players: int
) -> None:
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    table = services.table_create(ann, game, players=players,
                                  bot_levels=[None] + ["club"] * (players - 1))  # fmt: skip
    states = played(game, players, {})
    before = before_a_bots_trick(states, players)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.context.add_cookies([{"name": "django_language", "value": "de", "url": site_url}])
    log_in(page, site_url, "ann")
    socket = routed_table(page, f"{site_url}/tables/{table.pk}/")
    socket.send(frame(table, states[before], 1))
    page.wait_for_function("() => window.whistTable.version === 1")
    socket.send(frame(table, states[before + 1], 2))
    b = page.wait_for_function(NOTE_SHOWN, polling="raf").json_value()
    (ARTIFACTS / "layout").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "layout" / f"trick-note-{game}-{players}p-390x844.png"))
    assert "macht den Stich" in b["text"]
    assert [s for s in b["seats"] if overlap(b["note"], s)] == [], b["text"]
    assert b["felt"]["left"] <= b["note"]["left"] and b["note"]["right"] <= b["felt"]["right"]
