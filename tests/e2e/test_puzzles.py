"""Puzzles in a real browser as a new user would try them: a visitor in English finds them in
the menu, misses one and sees the solver's line, then solves the next; a new player in German
solves the puzzle of the day and sees their puzzle rating move, and meets a German Whist
puzzle whose other hand stays hidden until the answer; a visitor in Dutch plays a streak
until a wrong answer ends it; the German Whist puzzle from the seat in English and Dutch;
after the answer every hand shows once (it showed every hand again under the line)."""

from __future__ import annotations

import json
import os

import pytest
from playwright.sync_api import Browser, Page, expect

from fairplay.cheats import play
from learning.models import Puzzle
from learning.puzzles import job
from tests.e2e.helpers import header_link, sign_up
from tests.rankings.helpers import store

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS", "/tmp")
VERDICT = "[data-testid=puzzle-verdict]"
SHOWN = "[data-testid=puzzle-shown]"


@pytest.fixture
def puzzles() -> None:
    for game, players, seeds in (("knockout", 4, range(1, 4)), ("german", 2, range(1, 7))):
        for seed in seeds:
            store(play(game, players, ["club"] * players, seed), ["club"] * players, rated=False)
    job.sweep()
    assert Puzzle.objects.filter(kind="seat").exists() and Puzzle.objects.count() >= 3


def _shown(page: Page) -> Puzzle:
    data = json.loads(page.locator("#puzzle-data").text_content() or "{}")
    return Puzzle.objects.get(pk=data["id"])


def _wrong(puzzle: Puzzle) -> str:
    return next(m for m in puzzle.values if m != puzzle.answer)


def test_a_visitor_misses_one_then_solves_the_next_in_english(
    browser: Browser, site_url: str, puzzles: None
) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{site_url}/")
    header_link(page, "Puzzles").click()  # at 1,100 px: through the Menu
    page.wait_for_url("**/puzzles/*/")
    first = _shown(page)
    expect(page.locator("h1")).to_contain_text(f"Puzzle {first.pk}")
    page.screenshot(path=f"{SHOTS}/puzzles-1-position-en.png", full_page=True)
    page.click(f"[data-answer='{_wrong(first)}']")
    expect(page.locator(VERDICT)).to_contain_text("Not the best")
    expect(page.locator(SHOWN)).to_contain_text("The solver's line")
    expect(page.locator(f"[data-answer='{first.answer}']")).to_have_class("lesson-card is-right")
    page.screenshot(path=f"{SHOTS}/puzzles-2-missed-en.png", full_page=True)
    page.click("[data-testid=puzzle-next]")
    page.wait_for_url(lambda url: not url.endswith(f"/puzzles/{first.pk}/"))
    second = _shown(page)
    assert second.pk != first.pk
    page.click(f"[data-answer='{second.answer}']")
    expect(page.locator(VERDICT)).to_contain_text("Right: that is the solver's best move.")
    page.screenshot(path=f"{SHOTS}/puzzles-3-solved-en.png", full_page=True)
    context.close()


def test_a_new_player_solves_the_daily_puzzle_in_german(
    browser: Browser, site_url: str, puzzles: None
) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="de-DE")
    page = context.new_page()
    sign_up(page, site_url, "greta", "Greta")
    page.goto(f"{site_url}/puzzles/daily/")
    expect(page.locator("[data-testid=puzzle-daily]")).to_have_text("Rätsel des Tages")
    expect(page.locator("[data-testid=puzzle-rating]")).to_contain_text("Deine Rätselwertung: 1500")
    daily = _shown(page)
    page.click(f"[data-answer='{daily.answer}']")
    expect(page.locator(VERDICT)).to_contain_text("Richtig")
    expect(page.locator(VERDICT)).to_contain_text("Deine Rätselwertung: 1500 →")
    page.screenshot(path=f"{SHOTS}/puzzles-4-daily-de.png", full_page=True)
    seat = Puzzle.objects.filter(kind="seat").order_by("pk").first()
    page.goto(f"{site_url}/puzzles/{seat.pk}/")
    expect(page.locator("[data-testid=puzzle-view]")).to_contain_text("Zähle den Rest")
    hidden = seat.position["hands"][1 - seat.seat]
    board = page.locator("#puzzle-board")
    expect(board).to_contain_text(f"Karten, die du nicht siehst: {len(hidden)}")
    pos = seat.position
    played_or_led = 52 - sum(map(len, pos["hands"]))  # the played cards and the trick's
    drawn = len(pos["hands"][seat.seat]) + played_or_led  # none of the other hand's cards
    assert board.locator(".card-svg").count() == drawn
    page.screenshot(path=f"{SHOTS}/puzzles-5-seat-de.png", full_page=True)
    page.click(f"[data-answer='{_wrong(seat)}']")
    expect(page.locator(SHOWN)).to_contain_text("Die Karten, die du nicht sehen konntest")
    expect(page.locator(SHOWN)).to_contain_text("Dein Gegner")
    assert page.locator(f"{SHOWN} .card-svg").count() >= len(hidden)
    page.screenshot(path=f"{SHOTS}/puzzles-6-seat-answered-de.png", full_page=True)
    context.close()


def test_a_visitor_plays_a_streak_in_dutch(browser: Browser, site_url: str, puzzles: None) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{site_url}/puzzles/streak/")
    expect(page.locator("h1")).to_contain_text("Puzzel")
    first = _shown(page)
    page.click(f"[data-answer='{first.answer}']")
    expect(page.locator(VERDICT)).to_contain_text("Reeks: 1")
    page.screenshot(path=f"{SHOTS}/puzzles-7-streak-nl.png", full_page=True)
    page.click("[data-testid=puzzle-next]")
    page.wait_for_function(f"() => !document.body.textContent.includes('Puzzel {first.pk}:')")
    second = _shown(page)
    assert second.pk != first.pk
    page.click(f"[data-answer='{_wrong(second)}']")
    expect(page.locator(VERDICT)).to_contain_text("De reeks eindigt bij 1. Beste: 1.")
    expect(page.locator("[data-testid=puzzle-next]")).to_have_text("Nieuwe reeks beginnen")
    page.screenshot(path=f"{SHOTS}/puzzles-8-streak-over-nl.png", full_page=True)
    context.close()


@pytest.mark.parametrize(
    "locale, view, hidden, answered, trump",
    [
        ("en-GB", "count the rest", "Cards you cannot see: ", "Your opponent", "Trump: "),
        ("nl-NL", "tel de rest", "Kaarten die je niet ziet: ", "Je tegenstander", "Troef: "),
    ],
)
def test_a_puzzle_from_the_seat_in_english_and_dutch(
    browser: Browser, site_url: str, puzzles: None, locale, view, hidden, answered, trump
) -> None:
    """Seat puzzles come from German Whist only (learning.puzzles.cut); their words, shown
    in German above, in the other two languages, and the trump suit named."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    page = context.new_page()
    seat = Puzzle.objects.filter(kind="seat").order_by("pk").first()
    page.goto(f"{site_url}/puzzles/{seat.pk}/")
    expect(page.locator("[data-testid=puzzle-view]")).to_contain_text(view)
    named = json.loads(page.locator("#puzzle-data").text_content() or "{}")["trump_name"]
    expect(page.locator(".lesson-trump")).to_have_text(f"{trump} {named}")
    other = seat.position["hands"][1 - seat.seat]
    expect(page.locator("#puzzle-board")).to_contain_text(f"{hidden}{len(other)}")
    page.click(f"[data-answer='{seat.answer}']")
    expect(page.locator(SHOWN)).to_contain_text(answered)
    wide = "() => document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth"
    assert not page.evaluate(wide)
    page.screenshot(path=f"{SHOTS}/puzzles-9-seat-phone-{locale[:2]}.png", full_page=True)
    context.close()


# The cards of the hands drawn on the page: the board's (the player's own buttons and the other
# hands shown), and those the answer opens; not the cards played, the trick, the values, the line.
HAND_CARDS = """() => [...document.querySelectorAll(
    '#puzzle-board .puzzle-hand .card-svg, [data-testid=puzzle-hand] .card-svg, '
    + '#puzzle-shown .puzzle-hand .card-svg')].map((c) => c.dataset.card)"""


def test_after_the_answer_every_hand_shows_once(
    browser: Browser, site_url: str, puzzles: None
) -> None:
    """An open puzzle's hands are all on its board, and the answer showed them all again
    ("Every hand"); a seat puzzle's answer repeated the player's own hand too."""
    page = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-GB").new_page()
    for kind in ("open", "seat"):
        puzzle = Puzzle.objects.filter(kind=kind).order_by("pk").first()
        page.goto(f"{site_url}/puzzles/{puzzle.pk}/")
        page.click(f"[data-answer='{puzzle.answer}']")
        expect(page.locator(SHOWN)).to_contain_text("The solver's line")
        page.screenshot(path=f"{SHOTS}/puzzles-10-answer-{kind}-en.png", full_page=True)
        held = [c for hand in puzzle.position["hands"] for c in hand]
        assert sorted(page.evaluate(HAND_CARDS)) == sorted(held), kind
    expect(page.locator(SHOWN)).to_contain_text("The cards you could not see")
