"""The browser tests take their screenshots only when WHIST_SCREENSHOTS asks for them
(tests/e2e/screenshots.py)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from tests.e2e.screenshots import ASKED


def test_a_screenshot_is_taken_only_when_whist_screenshots_asks(browser: Browser,
                                                               tmp_path: Path) -> None:  # fmt: skip
    page = browser.new_page(viewport={"width": 200, "height": 100})
    page.set_content("<p>a page</p>")
    page.screenshot(path=str(tmp_path / "page.png"))
    page.locator("p").screenshot(path=str(tmp_path / "element.png"))
    assert (tmp_path / "page.png").exists() == ASKED
    assert (tmp_path / "element.png").exists() == ASKED
