"""Steps of the table browser tests: opening tables through the pages, waiting for a turn,
and measuring where things are on the screen."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from tests.e2e.helpers import wait_for_hand

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-results"  # git-ignored: screenshots of the browser tests
SIZES = [(1366, 768), (1280, 720), (1920, 1080), (768, 1024), (390, 844), (844, 390)]


def create_table(page: Page, base: str, game: str, players: int = 4, level: str = "beginner",
                 time_limit: str = "0", options: dict[str, str] | None = None) -> None:  # fmt: skip
    """The create-table form: the user at seat 0, bots of `level` elsewhere, the rule
    `options` (the form's field names) changed; then start."""
    page.goto(f"{base}/tables/new/")
    page.select_option("#id_game", game)
    if game == "knockout":
        page.fill("#id_players", str(players))
    for name, value in (options or {}).items():
        field = page.locator(f"#id_{name}")
        if field.evaluate("(f) => f.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    count = {"whist": 4, "german": 2}.get(game, players)
    for seat in range(1, count):
        page.select_option(f"#id_seat_{seat}", level)
    page.select_option("#id_time_limit", time_limit)
    page.click("[data-testid=create-submit]")
    page.get_by_role("button", name="Start the game").click()
    wait_for_hand(page)


MY_TURN = "() => document.querySelector('#status-turn').classList.contains('mine')"


def my_turn(page: Page) -> bool:
    return page.evaluate(MY_TURN)


def play_a_card(page: Page) -> None:
    page.locator("#hand .card.legal").first.click(position={"x": 6, "y": 24})


def wait_for_turn_with_a_trick(page: Page, seconds: float = 60) -> bool:
    """Play on until it is the player's turn with cards in the trick (a bot led); False if the
    game ended first. Not while a card of the player's is on its way: a click of this loop
    that landed just after the turn passed to a bot is a pre-selection (premove.js), played by
    itself when the turn comes back. Returned then, the position was gone by the checks after:
    a fresh clone's browser run at load 20-30 measured the finished trick's card sliding over
    the bot's seat (test_table_layout, knockout-2p-en-1366x768: "a card covers a seat"). Nor
    while a card moves (motion.js): a CI run returned as the bot's lead flew in from its seat
    (german-2p-de-1366x768: "a card covers a seat", the card at the bot's plate)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = page.evaluate(
            """() => ({mine: document.querySelector('#status-turn').classList.contains('mine'),
                       trick: document.querySelectorAll('#trick .trick-card').length,
                       hold: Boolean(window.whistTable.hold),
                       moving: Boolean(window.whistTable.pending || window.whistTable.premove)
                         || document.getAnimations().length > 0,
                       over: Boolean(document.querySelector('[data-testid=result]'))})"""
        )
        if state["over"]:
            return False
        if state["mine"] and state["trick"] and not state["hold"] and not state["moving"]:
            return True
        suits = page.locator("#dialog:not([hidden]) .suit-buttons button:not([disabled])")
        summary = page.locator("[data-testid=summary-continue]")
        if summary.count():
            summary.click()
        elif suits.count():
            suits.first.click()
        elif state["mine"] and not state["hold"] and not state["moving"]:
            play_a_card(page)
        page.wait_for_timeout(150)
    raise AssertionError("no turn with cards in the trick in time")


def still(page: Page) -> None:
    """Two frames on (a redraw queued for the next frame has run, a transition just asked for
    has started), then nothing moving: no card flying, no drawer sliding."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_function("() => document.getAnimations().length === 0")


def resized(page: Page, width: int, height: int) -> None:
    """The window at `width` x `height`, the table drawn again for it (layout.js redraws in the
    frame after a resize) and nothing moving. A fixed 250 ms was too short on a loaded
    machine: a CI run measured the felt still laid out for the size before
    (whist-4p-nl-768x1024 after 1920x1080: the page 1583 px wide)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    still(page)


BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  return {
    vw: window.innerWidth, vh: window.innerHeight,
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    hand: box(document.getElementById('hand')), cards: all('#hand .card'),
    trick: all('#trick .trick-card'), seats: all('#seats .seat'),
    actions: all('#hand-actions > *'),
    others: [...document.querySelectorAll('#seats .seat')]
      .filter((el) => Number(el.dataset.seat) !== window.whistTable.msg.seat).map(box),
    felt: box(document.getElementById('felt')), turn: box(document.getElementById('status-turn')),
    names: [...document.querySelectorAll('#seats .seat .name')].map(
      (el) => ({name: box(el), seat: box(el.closest('.seat'))})),
  };
}"""


def boxes(page: Page) -> dict[str, Any]:
    return page.evaluate(BOXES)


def inside(box: dict[str, float], vw: float, vh: float, slack: float = 0.5) -> bool:
    return (box["left"] >= -slack and box["top"] >= -slack and box["right"] <= vw + slack
            and box["bottom"] <= vh + slack and box["w"] > 0 and box["h"] > 0)  # fmt: skip


def within(box: dict[str, float], outer: dict[str, float], slack: float = 1.0) -> bool:
    grown = {k: outer[k] + (slack if k in ("right", "bottom") else -slack)
             for k in ("left", "top", "right", "bottom")}  # fmt: skip
    return all(box[k] >= grown[k] for k in ("left", "top")) and all(
        box[k] <= grown[k] for k in ("right", "bottom")
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


# Texts people must read whole: a seat's name, a team or player in the score
# panel, a last-trick caption. Cut: wider or taller than the box that shows it (an ellipsis,
# or a line clamped away).
CUT_TEXTS = """() => {
  const cut = (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  const shown = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  const sel = '#seats .seat .name, #scores td, #scores th, #last-trick figcaption, #dialog td';
  return [...document.querySelectorAll(sel)].filter(shown).filter(cut)
    .map((el) => `${el.id || el.className || el.tagName}: ${el.textContent}`);
}"""


def cut_texts(page: Page) -> list[str]:
    return page.evaluate(CUT_TEXTS)


# A header control is reachable when it is on screen and the one under its own centre (not
# scrolled out of a strip, not covered).
UNREACHABLE = """() => {
  const items = [...document.querySelectorAll(
    '.site-header .site-nav a, .site-header .site-nav button, .site-header select')];
  return items.filter((el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return true;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return true;
    const hit = document.elementFromPoint(x, y);
    return !(hit && (hit === el || el.contains(hit)));
  }).map((el) => el.textContent.trim() || el.id);
}"""


def unreachable_header_links(page: Page) -> list[str]:
    """The header's links and buttons that cannot be reached, after opening its menu where
    the window is narrow enough to have one."""
    toggle = page.locator(".site-header .nav-toggle")
    opened = toggle.is_visible()
    if opened:
        toggle.click()
    try:
        return page.evaluate(UNREACHABLE)
    finally:
        if opened:
            page.keyboard.press("Escape")
