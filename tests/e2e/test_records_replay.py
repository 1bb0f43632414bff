"""A player finishes a game, finds it under My games, opens its page, steps through the replay
with the keyboard to the last trick, switches the analysis on, downloads the record, uploads
it again and sees the same replay."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import play_until_over, sign_up, wait_for_hand

pytestmark = pytest.mark.django_db(transaction=True)


def frames(page: Page) -> list:
    return json.loads(page.locator("#replay-data").text_content())["frames"]


def position(page: Page) -> int:
    return page.evaluate("() => window.whistReplay.index")


def test_finish_find_replay_analyse_download_and_upload_a_game(page: Page, site_url: str, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_up(page, site_url, "ann", "Ann")
    page.click("[data-testid=create-table]")
    page.select_option("#id_game", "german")
    page.select_option("#id_seat_1", "beginner")
    page.click("[data-testid=create-submit]")
    page.get_by_role("button", name="Start the game").click()
    wait_for_hand(page)
    play_until_over(page, seconds=150)

    page.click("[data-testid=my-games]")
    expect(page.locator("[data-testid=history] .history-row")).to_have_count(1)
    page.screenshot(path="/tmp/whist-e2e-records-my-games.png")
    page.click("[data-testid=history] .history-main")
    expect(page.locator("[data-testid=score-sheet]")).to_be_visible()
    page.screenshot(path="/tmp/whist-e2e-records-game.png", full_page=True)
    game_url = page.url

    page.click("[data-testid=replay-link]")
    expect(page.locator("[data-testid=replay-caption]")).to_contain_text("deals")
    shown = frames(page)
    last = len(shown) - 1
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-testid=replay-caption]")).to_contain_text("plays")
    for _ in range(40):  # one trick at a time to the end
        if position(page) == last:
            break
        page.keyboard.press("ArrowDown")
    assert position(page) == last
    expect(page.locator("[data-testid=replay-caption]")).to_contain_text("Game over")
    page.keyboard.press("Shift+ArrowLeft")
    assert position(page) < last
    page.keyboard.press("Home")
    assert position(page) == 0
    page.keyboard.press("End")
    assert position(page) == last

    page.click("[data-testid=analysis-toggle]")
    expect(page.locator("[data-testid=analysis-panel]")).to_be_visible()
    page.wait_for_function("() => window.whistReplay.status === 'done'", timeout=60000)
    for _ in range(8):  # back into the second half, where the solver judged every choice
        page.keyboard.press("ArrowLeft")
        if "Best" in page.locator("[data-testid=analysis-panel]").text_content():
            break
    expect(page.locator("[data-testid=analysis-panel]")).to_contain_text("Best")
    expect(page.locator("[data-testid=analysis-kind]")).to_have_text("exact")
    # The legend says what the numbers count.
    expect(page.locator("[data-testid=analysis-legend]")).to_contain_text(
        "the tricks this player takes in the rest of the second half"
    )
    assert page.locator(".rcard.best").count() >= 1
    page.screenshot(path="/tmp/whist-e2e-records-replay.png", full_page=True)

    page.goto(game_url)
    with page.expect_download() as download:
        page.click("[data-testid=download-link]")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["format"] == "whist-record/1"

    page.goto(f"{site_url}/games/upload/")
    page.set_input_files("#id_file", str(saved))
    page.click("[data-testid=upload-submit]")
    expect(page.locator("[data-testid=uploaded]")).to_be_visible()
    expect(page.locator("[data-testid=replay-caption]")).to_contain_text("deals")  # script ready
    assert frames(page) == shown
    page.keyboard.press("End")
    expect(page.locator("[data-testid=replay-caption]")).to_contain_text("Game over")
    page.click("[data-testid=analysis-toggle]")  # an uploaded record is analysed too
    page.wait_for_function("() => window.whistReplay.status === 'done'", timeout=60000)
    for _ in range(8):
        page.keyboard.press("ArrowLeft")
        if page.locator("[data-testid=analysis-legend]").count():
            break
    expect(page.locator("[data-testid=analysis-legend]")).to_contain_text("The number on each card")

    page.set_viewport_size({"width": 390, "height": 844})
    page.keyboard.press("Home")
    page.click("[data-testid=replay-next]")  # the touch buttons step as the keys do
    assert position(page) == 1
    page.screenshot(path="/tmp/whist-e2e-records-phone.png", full_page=True)


def test_a_broken_upload_says_what_is_wrong(page: Page, site_url: str, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "whist-record/1", "game": "bridge"}')
    page.goto(f"{site_url}/games/upload/")
    page.set_input_files("#id_file", str(broken))
    page.click("[data-testid=upload-submit]")
    expect(page.locator("[data-testid=upload-problem]")).to_contain_text("unknown game 'bridge'")
