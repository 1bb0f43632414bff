"""The score sheets, panels, summaries, guide and game-over dialog of the three games say
exactly what they said before their presentation became engine data (games.engine
.presentation): the same seeded games, played by the first legal action, are fed to the
table page as state frames (its socket routed to this test) and their record is stored;
every text the page shows of them, in English, German and Dutch, equals the one recorded
in tests/e2e/presentation_text.json (written by WHIST_PRESENTATION_WRITE=1 from the code
before the change). Screenshots of each go to WHIST_PRESENTATION_SHOTS when it is set."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Browser, Page, WebSocketRoute

from games import services
from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.record import to_record
from games.models import Table
from games.reads.messages import table_dict, view_of
from records.models import GameRecord
from tests.e2e.helpers import PASSWORD, log_in

pytestmark = pytest.mark.django_db(transaction=True)

GOLDEN = Path(__file__).with_name("presentation_text.json")
WRITE = os.environ.get("WHIST_PRESENTATION_WRITE") == "1"
SHOTS = os.environ.get("WHIST_PRESENTATION_SHOTS")
SUMMARY_SHOWN = (
    "() => Boolean(window.whistTable.summary) && !document.getElementById('dialog').hidden"
)
GAMES = [
    ("knockout", 4, {}),
    ("whist", 4, {"target": 5, "honours": True, "rubber": True}),
    ("german", 2, {"games": 3}),
]
SEED = 7
CLEAR = "() => { const a = window.whistTable; a.hold = null; a.summary = null; a.render(); }"


def played(game: str, players: int, options: dict[str, Any]) -> list[Any]:
    """Every state of a seeded game whose seats take the first legal action."""
    state = new_game(make_rules(game, players, **options), seed=SEED)
    states = [state]
    while not state.over:
        state = apply(state, legal_actions(state, resign_too=False)[0])
        states.append(state)
    return states


def picks(states: list[Any]) -> dict[str, int]:
    """The states the page is shown: seat 0 to play early on, the last state before the
    first stage's end and the first after it (a summary), and the end."""
    early = next(i for i, s in enumerate(states) if i > 2 and s.to_act == 0 and s.trick)
    stage = next(
        i for i in range(1, len(states))
        if (states[i].deal_no != states[i - 1].deal_no or getattr(states[i], "half", 1) == 2)
    )  # fmt: skip
    return {"early": early, "before": stage - 1, "after": stage, "over": len(states) - 1}


def frame(table: Table, state: Any, version: int) -> str:
    part = table_dict(table, 0)
    over = state.over
    part.update(status="finished" if over else "playing", result=state.result, deadline=None)
    view = view_of(state, 0)
    return json.dumps({"type": "state", "version": version, "seat": 0, "table": part, "view": view})


def texts(page: Page, *selectors: str) -> dict[str, str]:
    return {
        s: page.evaluate(
            "(s) => { const e = document.querySelector(s); return e ? e.innerText : null; }", s
        )
        for s in selectors
    }


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def stored(table: Table, state: Any, names: list[str]) -> None:
    seats = [{"name": n, "user": None, "username": None, "bot": None if i == 0 else "beginner"}
             for i, n in enumerate(names)]  # fmt: skip
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished=now)
    GameRecord.objects.create(
        table=table, game=state.rules.game, players=state.players,
        options=state.rules.option_dict(),
        preset="custom", rated=False, status="finished", started=now - timedelta(minutes=9),
        finished=now, seats=seats, result=state.result, record=to_record(state),
    )  # fmt: skip


def routed_table(page: Page, url: str) -> WebSocketRoute:
    """The table page at `url` with its socket taken by the test: no server answers it, the
    test sends the frames (`frame`)."""
    sockets: list[WebSocketRoute] = []
    page.route_web_socket("**/ws/table/**", lambda ws: sockets.append(ws))
    page.goto(url)
    page.wait_for_function("() => Boolean(window.whistTable)")
    for _ in range(100):
        if sockets:
            break
        page.wait_for_timeout(50)
    return sockets[0]


def show(browser: Browser, site_url: str, table: Table, states: list[Any], at: dict[str, int],
         language: str, width: int, height: int, tag: str) -> dict[str, Any]:  # fmt: skip
    context = browser.new_context(viewport={"width": width, "height": height}, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    page = context.new_page()
    log_in(page, site_url, "ann")
    ws = routed_table(page, f"{site_url}/tables/{table.pk}/?guide")
    out: dict[str, Any] = {}
    panels = ("#info", "#scores", "#guide")
    ws.send(frame(table, states[at["early"]], 1))
    page.wait_for_function("() => window.whistTable.version === 1")
    page.wait_for_timeout(300)
    out["early"] = texts(page, *panels)
    shoot(page, f"{tag}-early")
    ws.send(frame(table, states[at["before"]], 2))
    page.wait_for_function("() => window.whistTable.version === 2")
    ws.send(frame(table, states[at["after"]], 3))
    page.wait_for_function(SUMMARY_SHOWN, timeout=10000)
    page.wait_for_timeout(300)
    out["summary"] = texts(page, "#dialog", *panels)
    shoot(page, f"{tag}-summary")
    page.evaluate("() => { window.whistTable.summary = null; window.whistTable.render(); }")
    ws.send(frame(table, states[at["over"]], 4))
    page.wait_for_function("() => window.whistTable.version === 4")
    page.wait_for_timeout(1500)
    page.evaluate(CLEAR)
    page.wait_for_timeout(300)
    out["over"] = texts(page, "#dialog", *panels)
    shoot(page, f"{tag}-over")
    page.goto(f"{site_url}/games/{table.pk}/")
    out["sheet"] = texts(page, "[data-testid=score-sheet]", "[data-testid=ranking]")
    shoot(page, f"{tag}-sheet")
    context.close()
    return out


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_the_pages_show_each_games_presentation_as_before(
    browser: Browser, site_url: str, game, players, options
):
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    table = services.table_create(ann, game, players=players, options=options,
                                  bot_levels=[None] + ["beginner"] * (players - 1))  # fmt: skip
    states = played(game, players, options)
    at = picks(states)
    names = [s["name"] for s in table_dict(table, 0)["seats"]]
    stored(table, states[-1], names)
    got = {}
    for language in ("en", "de", "nl"):
        got[language] = show(
            browser, site_url, table, states, at, language, 1366, 900, f"{game}-{language}-desktop"
        )
    show(browser, site_url, table, states, at, "en", 390, 844, f"{game}-en-phone")
    golden = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if WRITE:
        golden[game] = got
        GOLDEN.write_text(json.dumps(golden, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    assert got == golden[game]
