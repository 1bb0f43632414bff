"""Lessons in a real browser as a new user would take them: a visitor in
English answers wrong, then right, and the course page ticks the lesson off (the browser's
localStorage), with no error in the console; a new player in German asks "Show me" and the
lesson is stored on their account, their list showing it and not the browser's progress; a
visitor in Dutch knocks on a dog's life; a claim refused then made, a sweep shown, the
chooser's lead, German Whist's second half and Whist's honours and rubber counted, in the
three languages."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, expect

from learning.models import LessonDone
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("WHIST_SHOTS", "/tmp")
VERDICT = "[data-testid=lesson-verdict]"


def test_a_visitor_answers_wrong_then_right_in_english(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site_url}/lessons/knockout/")
    page.screenshot(path=f"{SHOTS}/lessons-1-course-en.png", full_page=True)
    page.get_by_role("link", name="Follow suit").click()
    expect(page.locator("[data-testid=lesson-task]")).to_have_text("Spades were led. Play a card.")
    page.click("[data-answer='AH']")
    expect(page.locator(VERDICT)).to_have_text("You still have a spade: you must follow suit.")
    expect(page.locator("[data-testid=lesson-shown]")).to_be_hidden()
    page.screenshot(path=f"{SHOTS}/lessons-2-wrong-en.png", full_page=True)
    page.click("[data-answer='7S']")
    expect(page.locator(VERDICT)).to_contain_text("Right: the seven of spades")
    expect(page.locator("[data-testid=lesson-shown]")).to_contain_text("Bot 1 wins the trick.")
    page.screenshot(path=f"{SHOTS}/lessons-3-right-en.png", full_page=True)
    page.goto(f"{site_url}/lessons/knockout/")
    tick = page.locator("[data-lesson='knockout/follow-suit'] .lesson-tick")
    expect(tick).to_be_visible()
    expect(page.locator("[data-lesson='knockout/trump'] .lesson-tick")).to_be_hidden()
    assert not LessonDone.objects.exists()
    assert errors == []  # no POST refused for a missing CSRF token, no script error
    context.close()


def test_a_new_player_asks_show_me_in_german(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="de-DE")
    page = context.new_page()
    # Someone else used this browser as a visitor: their progress is in its localStorage.
    page.goto(f"{site_url}/lessons/knockout/")
    page.evaluate("localStorage.setItem('lessons-done', JSON.stringify(['knockout/follow-suit']))")
    sign_up(page, site_url, "lena", "Lena")
    page.goto(f"{site_url}/lessons/knockout/trump/")
    expect(page.locator("h1")).to_have_text("Einen Stich trumpfen")
    page.click("[data-answer='9C']")
    expect(page.locator(VERDICT)).to_have_text(
        "Ein Kreuz kann keinen Pik-Stich gewinnen: Das kann nur ein Trumpf."
    )
    page.screenshot(path=f"{SHOTS}/lessons-4-wrong-de.png", full_page=True)
    page.click("[data-testid=lesson-show]")
    expect(page.locator("[data-answer='5H']")).to_have_class("lesson-card is-right")
    expect(page.locator("[data-testid=lesson-shown]")).to_contain_text("Du gewinnst den Stich.")
    page.screenshot(path=f"{SHOTS}/lessons-5-show-me-de.png", full_page=True)
    page.wait_for_function("() => true")
    for _ in range(50):
        if LessonDone.objects.filter(user__username="lena", slug="trump").exists():
            break
        page.wait_for_timeout(100)
    assert LessonDone.objects.filter(user__username="lena", slug="trump").exists()
    page.goto(f"{site_url}/lessons/knockout/")
    expect(page.locator("[data-lesson='knockout/trump'] .lesson-tick")).to_be_visible()
    # The list is the account's progress only, not the browser's.
    expect(page.locator("[data-lesson='knockout/follow-suit'] .lesson-tick")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('lessons-done')") == '["knockout/follow-suit"]'
    context.close()


def test_a_visitor_knocks_on_a_dogs_life_in_dutch(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/knockout/dogs-life/")
    expect(page.locator("h1")).to_have_text("Het hondenleven")
    page.click("[data-answer='knock']")
    expect(page.locator(VERDICT)).to_contain_text("Goed: houd je kaart.")
    expect(page.locator("[data-testid=lesson-shown]")).to_contain_text("Jij wint de slag.")
    page.screenshot(path=f"{SHOTS}/lessons-6-knock-nl.png", full_page=True)
    context.close()


def test_the_talon_and_partners_in_dutch_and_german(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/german/talon/")
    expect(page.locator("h1")).to_have_text("De stok")
    faceup = page.locator("#lesson-board [data-card='AS']")  # the face-up ace, card-sized
    expect(faceup).to_be_visible()
    assert faceup.bounding_box()["width"] < 100
    page.click("[data-answer='2C']")
    expect(page.locator(VERDICT)).to_have_text("Je hebt harten: je moet kleur bekennen.")
    page.click("[data-answer='AH']")
    expect(page.locator(VERDICT)).to_contain_text("je neemt de open troef aas")
    page.screenshot(path=f"{SHOTS}/lessons-7-talon-nl.png", full_page=True)
    context.close()
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, locale="de-DE")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/whist/partners/")
    page.click("[data-answer='3H']")
    expect(page.locator(VERDICT)).to_contain_text("verschwendet einen Trumpf")
    page.click("[data-answer='2C']")
    expect(page.locator("[data-testid=lesson-shown]")).to_contain_text("Dein Partner gewinnt")
    page.screenshot(path=f"{SHOTS}/lessons-8-partners-de.png", full_page=True)
    context.close()


def test_a_claim_and_a_sweep_in_english_and_german(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/knockout/claim/")
    expect(page.locator("h1")).to_have_text("Claims")
    page.click("[data-answer='claim 3']")
    expect(page.locator(VERDICT)).to_contain_text("Refused: your two of clubs loses")
    page.click("[data-answer='claim 2']")
    expect(page.locator(VERDICT)).to_contain_text("Right: two tricks are sure")
    expect(page.locator("[data-testid=lesson-shown]")).to_be_hidden()  # the claim ends it
    page.screenshot(path=f"{SHOTS}/lessons-9-claim-en.png", full_page=True)
    context.close()
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="de-DE")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/knockout/sweep/")
    expect(page.locator("h1")).to_have_text("Ein Durchmarsch gewinnt")
    page.click("[data-answer='KS']")
    expect(page.locator(VERDICT)).to_have_text(
        "Dein Gegner hat kein Pik: Er sticht sie mit der Herz-Zwei."
    )
    page.click("[data-testid=lesson-show]")
    expect(page.locator("[data-answer='AH']")).to_have_class("lesson-card is-right")
    expect(page.locator("#lesson-shown .lesson-trick")).to_have_count(3)
    page.screenshot(path=f"{SHOTS}/lessons-10-sweep-de.png", full_page=True)
    context.close()


def test_counting_lessons_in_dutch_and_german(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/whist/points/")
    page.click("[data-answer='count 2']")
    expect(page.locator(VERDICT)).to_have_text(
        "Goed: 8 slagen zijn er twee boven de zes, dus 2 punten."
    )
    page.goto(f"{site_url}/lessons/whist/honours/")
    expect(page.locator("h1")).to_have_text("Honneurs")
    expect(page.locator("#lesson-board .lesson-hand .card-svg")).to_have_count(13)
    page.click("[data-answer='count 2']")
    expect(page.locator(VERDICT)).to_have_text(
        "Honneurs tellen ook: drie ervan zijn 2 punten meer."
    )
    page.click("[data-answer='count 4']")
    expect(page.locator(VERDICT)).to_contain_text("Goed: 2 punten voor de twee slagen")
    page.screenshot(path=f"{SHOTS}/lessons-11-honours-nl.png", full_page=True)
    page.goto(f"{site_url}/lessons/whist/rubber/")
    page.click("[data-answer='count 8']")
    expect(page.locator(VERDICT)).to_contain_text("het is maar 1 waard")
    page.screenshot(path=f"{SHOTS}/lessons-12-rubber-nl.png", full_page=True)
    context.close()
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="de-DE")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/german/second-half/")
    expect(page.locator("h1")).to_have_text("Die zweite Hälfte: zählen")
    page.click("[data-answer='QS']")
    expect(page.locator(VERDICT)).to_contain_text("Dein Pik verliert.")
    page.click("[data-answer='KH']")
    expect(page.locator("[data-testid=lesson-shown]")).to_contain_text("Du gewinnst den Stich.")
    page.screenshot(path=f"{SHOTS}/lessons-13-second-half-de.png", full_page=True)
    context.close()


def test_the_chooser_leads_and_a_dogs_life_each_in_dutch(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{site_url}/lessons/knockout/")
    expect(page.locator("[data-lesson='knockout/chooser-leads']")).to_contain_text(
        "Wie troef kiest, komt uit"
    )
    page.goto(f"{site_url}/lessons/knockout/chooser-leads/")
    page.click("[data-answer='KS']")
    expect(page.locator(VERDICT)).to_contain_text("die troeft je heer met de twee")
    page.click("[data-answer='AD']")
    expect(page.locator(VERDICT)).to_contain_text("Goed: de troefaas trekt")
    page.screenshot(path=f"{SHOTS}/lessons-14-chooser-leads-nl.png", full_page=True)
    page.goto(f"{site_url}/lessons/knockout/dogs-life-each/")
    expect(page.locator("h1")).to_have_text("Ieder een hondenleven")
    page.click("[data-answer='knock']")
    expect(page.locator("[data-testid=lesson-shown]")).to_contain_text("Jij wint de slag.")
    page.screenshot(path=f"{SHOTS}/lessons-15-dogs-life-each-nl.png", full_page=True)
    context.close()
