"""Shared pytest configuration: tests under tests/e2e are browser tests, marked `e2e`."""

from collections.abc import Iterator
from pathlib import Path

import pytest

E2E_DIR = Path(__file__).parent / "e2e"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark tests/e2e as `e2e` before `-m` selects (docs/stack-notes.md §2.5: own process)."""
    for item in items:
        if item.path.is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(autouse=True)
def _english_between_tests() -> Iterator[None]:
    """Each test starts in the default language: a page the test client requests leaves its
    language (LocaleMiddleware) active in the thread, and services speak the active one."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_cache(request: pytest.FixtureRequest) -> None:
    """Tests that use the database start with an empty cache: login failures, rate-limit
    counters, cached bans and socket counts of earlier tests do not carry over."""
    if request.node.get_closest_marker("django_db") or "db" in request.fixturenames:
        from django.core.cache import cache

        cache.clear()
