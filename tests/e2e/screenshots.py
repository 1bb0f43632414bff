"""The browser tests' screenshots (test-results/, what the walks look at), taken only when
asked: `WHIST_SCREENSHOTS=1 make test` (or `make test-browser`). No test asserts on their
pixels, and each cost about 0.1 CPU-s of Chromium's (a few hundred a run; docs/benchmarks.md,
ninth session). Without it `Page.screenshot` and `Locator.screenshot` do nothing and return
no bytes; a failed test's open pages are still shot, to test-results/failed/."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page

from tests.servers import ROOT

ASKED = os.environ.get("WHIST_SCREENSHOTS", "") not in ("", "0")
FAILED = ROOT / "test-results" / "failed"
CALL_FAILED = pytest.StashKey[bool]()

_page_shot = Page.screenshot


def _skipped(self: object, **options: object) -> bytes:
    return b""


def skip_unless_asked() -> None:
    """Screenshots become no-ops in this process, unless WHIST_SCREENSHOTS asks for them."""
    if not ASKED:
        Page.screenshot = _skipped  # type: ignore[method-assign,assignment]
        Locator.screenshot = _skipped  # type: ignore[method-assign,assignment]


def shoot_failed(item: pytest.Item, contexts: Iterable[BrowserContext]) -> None:
    """A failed test's open pages, each to test-results/failed/<test>-<n>.png."""
    if not item.stash.get(CALL_FAILED, False):
        return
    FAILED.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", item.name)[:120]
    pages = [page for context in contexts for page in context.pages]
    for number, page in enumerate(pages, 1):
        try:
            _page_shot(page, path=str(FAILED / f"{name}-{number}.png"), timeout=5000)
        except Exception:  # noqa: BLE001 (a closed or crashed page has no picture to give)
            pass
