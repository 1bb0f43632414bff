"""Knockout Whist's house-rule lessons in a real browser (docs/rules.md §1.7): no trump chosen
after a suit is refused, the votes shown and the tie won, the exchange's cards picked and
exchanged, a rainbow made by "Show me"; round 2 after a safe first round, fixed trump, and
the last round without trump; in English, German and Dutch, with no error in the console,
and on a phone."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS", "/tmp")
VERDICT = "[data-testid=lesson-verdict]"
SHOWN = "[data-testid=lesson-shown]"


def _page(browser: Browser, locale: str) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def test_no_trump_and_the_vote_in_english_and_german(browser: Browser, site_url: str) -> None:
    page, errors = _page(browser, "en-GB")
    page.goto(f"{site_url}/lessons/knockout/no-trump/")
    expect(page.locator("h1")).to_have_text("No trump")
    expect(page.locator(".lesson-suit")).to_have_count(5)
    page.click("[data-answer='trump S']")
    expect(page.locator(VERDICT)).to_have_text(
        "With spades trump, bot 1 trumps your other aces with its spades."
    )
    page.click("[data-answer='trump NT']")
    expect(page.locator(VERDICT)).to_contain_text("Right: with no trump nobody can trump")
    expect(page.locator(f"{SHOWN} .lesson-trick")).to_have_count(3)
    page.screenshot(path=f"{SHOTS}/lessons-16-no-trump-en.png", full_page=True)
    assert errors == []
    page.context.close()
    page, errors = _page(browser, "de-DE")
    page.goto(f"{site_url}/lessons/knockout/vote/")
    expect(page.locator("h1")).to_have_text("Die Abstimmung")
    expect(page.locator(".lesson-votes")).to_have_text(
        "Stimmen: Bot 2 Kreuz · Bot 3 Pik · Bot 4 Kreuz"
    )
    expect(page.locator(".lesson-suit")).to_have_count(4)
    page.click("[data-answer='trump D']")
    expect(page.locator(VERDICT)).to_contain_text("Diese Farbe hätte eine Stimme, deine")
    page.click("[data-answer='trump S']")
    expect(page.locator(VERDICT)).to_contain_text("Richtig: Mit deiner Stimme hat Pik")
    page.screenshot(path=f"{SHOTS}/lessons-17-vote-de.png", full_page=True)
    assert errors == []
    page.context.close()


def test_the_exchange_and_the_rainbow_in_dutch_and_english(browser: Browser, site_url: str) -> None:
    page, errors = _page(browser, "nl-NL")
    page.goto(f"{site_url}/lessons/knockout/exchange/")
    expect(page.locator("h1")).to_have_text("Het ruilen")
    button = page.locator(".lesson-exchange")
    expect(button).to_have_text("Al mijn kaarten houden")
    page.click("[data-discard='2C']")
    page.click("[data-discard='AH']")
    expect(button).to_have_text("2 kaarten ruilen")
    expect(page.locator("[data-discard='AH']")).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=f"{SHOTS}/lessons-18-exchange-chosen-nl.png", full_page=True)
    button.click()
    expect(page.locator(VERDICT)).to_have_text(
        "Geef de troefaas nooit weg: dat is een zekere slag."
    )
    page.click("[data-discard='AH']")  # picked up again: the two of clubs alone
    expect(button).to_have_text("1 kaart ruilen")
    button.click()
    expect(page.locator(VERDICT)).to_contain_text("Goed: de klaverentwee kon niets winnen.")
    expect(page.locator(SHOWN)).to_contain_text("Je kaarten na het ruilen")
    expect(page.locator(f"{SHOWN} .lesson-hand [data-card='QH']")).to_be_visible()
    expect(page.locator(f"{SHOWN} .lesson-trick")).to_have_count(2)
    page.screenshot(path=f"{SHOTS}/lessons-19-exchange-nl.png", full_page=True)
    assert errors == []
    page.context.close()
    page, errors = _page(browser, "en-GB")
    page.goto(f"{site_url}/lessons/knockout/rainbow/")
    expect(page.locator("h1")).to_have_text("The rainbow")
    page.click("[data-discard='AS']")
    page.click(".lesson-exchange")
    expect(page.locator(VERDICT)).to_have_text(
        "That is your only spade: whatever you draw, you hold no rainbow."
    )
    page.click("[data-testid=lesson-show]")
    expect(page.locator("[data-discard='3D']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-discard='AS']")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".lesson-exchange")).to_have_class("button lesson-exchange is-right")
    expect(page.locator(VERDICT)).to_contain_text("makes your rainbow: you win the game.")
    expect(page.locator(f"{SHOWN} .lesson-hand [data-card='9C']")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/lessons-20-rainbow-en.png", full_page=True)
    assert errors == []
    page.context.close()


def test_the_rainbow_on_a_phone_in_german(browser: Browser, site_url: str) -> None:
    """Four cards, their exchange button and five suits fit a phone's width: nothing scrolls
    sideways."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/knockout/rainbow/")
    expect(page.locator("h1")).to_have_text("Der Regenbogen")
    page.click("[data-discard='4D']")
    page.click(".lesson-exchange")
    expect(page.locator(VERDICT)).to_contain_text("Richtig: Tausche nur ein Karo.")
    wide = "() => document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth"
    assert not page.evaluate(wide)
    page.screenshot(path=f"{SHOTS}/lessons-21-rainbow-phone-de.png", full_page=True)
    page.goto(f"{site_url}/lessons/knockout/no-trump/")
    expect(page.locator(".lesson-suit")).to_have_count(5)
    assert not page.evaluate(wide)
    page.screenshot(path=f"{SHOTS}/lessons-22-no-trump-phone-de.png", full_page=True)
    context.close()


def test_the_rules_that_take_a_choice_away(browser: Browser, site_url: str) -> None:
    """The safe first round in German (two cards after a round without a trick), fixed trump
    in Dutch (hearts still trump, no suit to choose), the last round in English (no trump on
    the board, the two of hearts exchanged for the winning ace)."""
    page, errors = _page(browser, "de-DE")
    page.goto(f"{site_url}/lessons/knockout/safe-first-round/")
    expect(page.locator("h1")).to_have_text("Die sichere erste Runde")
    expect(page.locator("#lesson-board .lesson-hand .lesson-card")).to_have_count(2)
    page.click("[data-answer='AD']")
    expect(page.locator(VERDICT)).to_contain_text("du hättest ein Hundeleben")
    page.click("[data-answer='2S']")
    expect(page.locator(VERDICT)).to_contain_text("Richtig: Deine Trumpf-Zwei schlägt das Ass.")
    expect(page.locator(f"{SHOWN} .lesson-trick")).to_have_count(2)
    page.screenshot(path=f"{SHOTS}/lessons-23-safe-first-round-de.png", full_page=True)
    assert errors == []
    page.context.close()
    page, errors = _page(browser, "nl-NL")
    page.goto(f"{site_url}/lessons/knockout/fixed-trump/")
    expect(page.locator("h1")).to_have_text("Vaste troef")
    expect(page.locator(".lesson-trump")).to_have_text("Troef: Harten")
    expect(page.locator(".lesson-suit")).to_have_count(0)
    page.click("[data-answer='AD']")
    expect(page.locator(VERDICT)).to_contain_text("Niemand koos ruiten")
    page.click("[data-answer='2H']")
    expect(page.locator(VERDICT)).to_contain_text("Goed: harten is nog steeds troef")
    page.screenshot(path=f"{SHOTS}/lessons-24-fixed-trump-nl.png", full_page=True)
    assert errors == []
    page.context.close()
    page, errors = _page(browser, "en-GB")
    page.goto(f"{site_url}/lessons/knockout/last-round-no-trump/")
    expect(page.locator("h1")).to_have_text("The last round without trump")
    expect(page.locator(".lesson-trump")).to_have_text("Trump: No trump")
    button = page.locator(".lesson-exchange")
    button.click()  # keeps the two of hearts
    expect(page.locator(VERDICT)).to_have_text(
        "Hearts are not trump in the last round: your two loses to any card your opponent leads."
    )
    page.click("[data-discard='2H']")
    expect(button).to_have_text("Exchange 1 card")
    button.click()
    expect(page.locator(VERDICT)).to_contain_text("the last trick wins you the game.")
    expect(page.locator(f"{SHOWN} .lesson-hand [data-card='AC']")).to_be_visible()
    expect(page.locator(SHOWN)).to_contain_text("You win the trick.")
    page.screenshot(path=f"{SHOTS}/lessons-25-last-round-en.png", full_page=True)
    assert errors == []
    page.context.close()


def test_the_rules_that_take_a_choice_away_on_a_phone(browser: Browser, site_url: str) -> None:
    """The three lessons at 390 px, in Dutch, German and English: nothing scrolls sideways."""
    wide = "() => document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth"
    for slug, locale, shot in (
        ("safe-first-round", "nl-NL", "lessons-26-safe-first-round-phone-nl"),
        ("fixed-trump", "en-GB", "lessons-27-fixed-trump-phone-en"),
        ("last-round-no-trump", "de-DE", "lessons-28-last-round-phone-de"),
    ):
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
        page = context.new_page()
        page.goto(f"{site_url}/lessons/knockout/{slug}/")
        page.click("[data-testid=lesson-show]")
        expect(page.locator(VERDICT)).to_have_class("lesson-verdict is-right")
        assert not page.evaluate(wide), slug
        page.screenshot(path=f"{SHOTS}/{shot}.png", full_page=True)
        context.close()
