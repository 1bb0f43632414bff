"""Steps the browser tests share: signing up, logging in, and playing legal cards by clicking."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

PASSWORD = "a-Long-pass-2024"
RANKS = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_name(code: str) -> str:
    """A card's English name as the page writes it: "QC" is "queen of clubs"."""
    return f"{RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"


def sign_up(page: Page, base: str, username: str, display_name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_display_name", display_name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.check("#id_accept_terms")
    page.click("form.stack-form button[type=submit]")
    page.wait_for_url(f"{base}/lobby/")


def header_link(page: Page, name: str) -> Locator:
    """The header's link `name`, reached as a player reaches it: through the Menu button on a
    window narrower than 80rem (static/css/site.css), directly on a wider one."""
    toggle = page.locator(".site-header .nav-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    return page.locator(".site-header").get_by_role("link", name=name, exact=True).first


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form.stack-form button[type=submit]")
    page.wait_for_url(f"{base}/lobby/")


def table_page_as(browser: Browser, base: str, username: str, table_id: int) -> Page:
    """A new browser context logged in as `username`, at table `table_id`, connected and
    showing its hand, dealt in."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    seen: list[str] = []  # what the browser said, for table_socket_open's message
    page.on("console", lambda m: seen.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: seen.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: seen.append(f"failed: {r.url} {r.failure}"))
    log_in(page, base, username)
    page.goto(f"{base}/tables/{table_id}/")
    table_socket_open(page, seen=seen)
    page.wait_for_selector("#hand .card")
    hand_dealt(page)
    return page


def table_socket_open(page: Page, seconds: float = 30.0, seen: list[str] | None = None) -> None:
    """Wait until the table page's socket is open; if it does not open, say so. The page draws
    the table from the state in its HTML before its socket opens, and `#status-conn` is empty
    until a socket closes: an empty one said nothing of the socket, and a click before it
    opened was a move never sent (static/js/table.js `send`)."""
    try:
        page.wait_for_function(
            "() => window.whistTable?.socket?.readyState === WebSocket.OPEN",
            timeout=seconds * 1000,
        )
    except PlaywrightTimeout:
        found = page.evaluate("""() => ({script_ran: Boolean(window.whistTable),
            ready_state: window.whistTable?.socket?.readyState ?? null,
            status: document.getElementById("status-conn")?.textContent})""")
        raise AssertionError(
            f"the table socket did not open within {seconds:g} s: {found} (the server's log "
            "shows whether its handshakes came: WSCONNECTING, WSREJECT, WSCONNECT); the browser: "
            f"{(seen or [])[-20:]}"
        ) from None


def hand_dealt(page: Page) -> None:
    """Wait until no card of the hand is still being dealt (static/js/motion.js animateDeal).
    Each card flies in from the felt's centre at scale 0.6, after 35 ms per card before it:
    while it waits it stands still at its start, so Playwright finds it stable and clicks
    there, on whatever lies under that point (a clicked card then got no premove: its box
    measured 53.8 px wide, 0.6 of 89.6)."""
    page.wait_for_function(
        """() => !document.getAnimations().some(
             (a) => a.playState !== "finished" && a.effect?.target?.closest?.("#hand"))""",
        polling=50,
        timeout=10000,
    )


def version(page: Page) -> int:
    return page.evaluate("() => window.whistTable.version")


def wait_for_answer(page: Page, before: int) -> None:
    """Wait until the server answered a decision: a newer state than `before` arrived."""
    page.wait_for_function("v => window.whistTable.version > v", arg=before, timeout=5000)


def wait_for_hand(page: Page, seconds: float = 30.0) -> None:
    """Wait for the dealt hand on the table page; if it does not come, say where the page is
    and what it shows (CI once saw the start still pending after 10 s, with nothing more)."""
    try:
        page.wait_for_selector("#hand .card", timeout=seconds * 1000)
    except PlaywrightTimeout:
        text = page.locator("body").inner_text()[:400]
        raise AssertionError(f"no hand after {seconds} s at {page.url}: {text!r}") from None


# What the page offers this player now, read in one call: the table's version and deal, and
# the first of: the result, a round's summary, a trump dialog, the exchange, a legal card.
# One evaluate instead of a query per kind: the play loops below poll it, and each query is a
# round trip through Playwright's driver and the browser (a third of the browser run's CPU
# went to the driver and the browser process, sampled over a run).
OFFER = """() => {
  const q = (s) => document.querySelector(s);
  const v = window.whistTable && window.whistTable.msg ? window.whistTable.msg.view : null;
  const card = q("#hand .card.legal");
  const kind = q("[data-testid=result]") ? "over"
    : q("[data-testid=summary-continue]") ? "summary"
    : q("#dialog:not([hidden]) .suit-buttons button:not([disabled])") ? "suit"
    : q("[data-testid=exchange-confirm]:not([disabled])") ? "exchange"
    : card ? "card" : null;
  return { kind, card: card && card.dataset.card,
           version: window.whistTable ? window.whistTable.version : null,
           deal: v ? (v.deal ?? null) : null };
}"""


def offer(page: Page) -> dict:
    return page.evaluate(OFFER)


def wait_for_offer(page: Page, seconds: float) -> dict:
    """Until the page offers something (the result included); polled inside the page."""
    page.wait_for_function(f"() => ({OFFER})().kind !== null", timeout=seconds * 1000,
                           polling=50)  # fmt: skip
    return offer(page)


def take_turn(page: Page, now: dict | None = None) -> str | None:
    """Make this page's decision if it has one (a card, a trump, an exchange); say what.
    A card counts as played once it has left the hand: a click that did not land (the card
    moved under the pointer, say) is no play, and the caller tries again. `now`: what
    `offer` read, if the caller has just read it."""
    now = offer(page) if now is None else now
    action = _decide(page, now)
    if action is not None and len(action) == 2:
        return action if left_hand(page, action, deal=now["deal"]) else None
    if action is not None:
        wait_for_answer(page, now["version"])
    return action


def deal_of(page: Page) -> int | None:
    return page.evaluate("() => window.whistTable.msg?.view?.deal ?? null")


def left_hand(page: Page, card: str, seconds: float = 15.0, deal: int | None = None) -> bool:
    """Whether `card` leaves this page's hand (is played) within `seconds`: it is no longer
    in the hand, or a new deal has come (a round's last card: the state that plays it deals
    the next hand, which may hold a card of the same name). `deal`: the deal when the card
    was clicked (read now if not given)."""
    # Generous: a play missed here is tried again, and a game that has moved on to its next
    # deal meanwhile would count a card of the new hand twice (CI failed so once, loaded).
    deal = deal_of(page) if deal is None else deal
    try:
        page.wait_for_function(
            """([c, deal]) => { const v = window.whistTable.msg.view;
                      if (v && v.deal !== deal) return true;
                      const hand = v && v.viewer !== null ? v.hands[v.viewer] : [];
                      return !(hand || []).includes(c); }""",
            arg=[card, deal],
            timeout=seconds * 1000,
        )
    except PlaywrightTimeout:
        return False
    return True


def _decide(page: Page, now: dict) -> str | None:
    kind = now["kind"]
    if kind == "summary":  # a finished round's summary covers the felt: read, go on
        # It goes by itself after its time. A click could wait for ever on its button's
        # nodes redrawn under it (30 s of 'element was detached' once, when each trick's
        # pause hid the summary while bots played on: it no longer does).
        try:
            page.locator("[data-testid=summary-continue]").click(timeout=2000)
        except PlaywrightTimeout:
            pass
        return None
    if kind == "suit":
        page.locator("#dialog:not([hidden]) .suit-buttons button:not([disabled])").first.click()
        return "suit"
    if kind == "exchange":
        page.locator("[data-testid=exchange-confirm]:not([disabled])").click()
        return "exchange"
    if kind == "card":
        card = page.locator(f'#hand .card.legal[data-card="{now["card"]}"]')
        try:  # the visible corner of a fanned card; gone already if the turn passed
            card.click(position={"x": 6, "y": 24}, timeout=5000)
        except PlaywrightTimeout:
            return None
        return now["card"]
    return None


def game_over(page: Page) -> bool:
    return page.locator("[data-testid=result]").count() > 0


def play_until_over(page: Page, seconds: float) -> list[str]:
    """Click legal cards (and answer dialogs) until the result shows; return the cards played."""
    played: list[str] = []
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no result after {seconds} s ({len(played)} plays)"
        try:
            now = wait_for_offer(page, min(left, 10))
        except PlaywrightTimeout:
            continue
        if now["kind"] == "over":
            return played
        action = take_turn(page, now)
        if action is not None and len(action) == 2:
            played.append(action)


def second_factor_set_up(page: Page, shots: str = "") -> list[str]:
    """On the second factor's set-up page (after a staff member's password): scan nothing,
    read the key as a person types it into the app, type the app's code, keep the recovery
    codes shown and go on (accounts.two_factor)."""
    from base64 import b32decode

    from django_otp.oath import totp

    key = page.locator("[data-testid=two-factor-key]").inner_text().replace(" ", "")
    expect(page.locator("[data-testid=two-factor-qr] svg")).to_be_visible()
    if shots:
        page.screenshot(path=f"{shots}-two-factor-setup.png", full_page=True)
    secret = b32decode(key + "=" * (-len(key) % 8))
    page.fill("#id_code", f"{totp(secret):06d}")
    page.click("[data-testid=two-factor-form] button[type=submit]")
    codes = page.locator("[data-testid=recovery-codes] li").all_inner_texts()
    if shots:
        page.screenshot(path=f"{shots}-two-factor-codes.png", full_page=True)
    page.click("a.button-primary")
    return codes
