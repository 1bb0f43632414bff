"""Browser-test fixtures: Debian's Chromium, and a Daphne server on the test database."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.celery_worker import worker_command
from tests.e2e.screenshots import CALL_FAILED, shoot_failed, skip_unless_asked
from tests.server_fork import Forks
from tests.servers import ROOT, forking, server_env
from tests.servers import daphne as _daphne
from tests.servers import stop as _stop

# Playwright's sync API keeps an event loop in this thread (docs/stack-notes.md §2.4).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
skip_unless_asked()  # screenshots only with WHIST_SCREENSHOTS=1 (tests/e2e/screenshots.py)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """The system Chromium: Playwright cannot download its own here (docs/stack-notes.md §2.6).
    Headless (the default), Debian's headless shell of the same build, as Playwright's own
    headless runs use: the browser run took 17% less CPU with it than with the whole
    browser. Without it every browser test fails with this message (never a skip)."""
    headed = browser_type_launch_args.get("headless") is False
    name = "chromium" if headed else "chromium-headless-shell"
    if not shutil.which(name):
        pytest.fail(f"{name} is not installed: the browser tests need Debian's Chromium "
                    f"(make test-setup: apt-get install {name})", pytrace=False)  # fmt: skip
    return {**browser_type_launch_args, "executable_path": shutil.which(name),
            "args": CHROMIUM_ARGS}  # fmt: skip


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """The site's service worker (whistsite/webapp.py) only where a test is about it
    (tests/e2e/test_webapp.py): elsewhere each new context would fetch the whole static shell
    to cache it, and its fetch handler would stand between the page and the server."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Browser:
    """pytest-playwright's browser, whose every context blocks the service worker unless the
    test asks for it (`service_workers="allow"`), as browser_context_args does for the
    `page` fixture's: most tests make their own contexts (`browser.new_context`,
    `browser.new_page`), and in each the worker's install fetched the whole static shell
    (about 45 files) from the test's Daphne beside the test's own page loads."""
    new_context = browser.new_context

    def blocking(**options: Any) -> BrowserContext:
        return new_context(**{"service_workers": "block", **options})

    def new_page(**options: Any) -> Page:
        context = blocking(**options)
        page = context.new_page()
        page.on("close", lambda _: context.close())  # as Browser.new_page's own context
        return page

    browser.new_context = blocking  # type: ignore[method-assign]
    browser.new_page = new_page  # type: ignore[method-assign]
    return browser


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    """A failed test is noted, for _close_pages's screenshots of its pages."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[CALL_FAILED] = True
    return report


@pytest.fixture(autouse=True)
def _close_pages(browser, request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test's pages close with it. Left open, every earlier test's table page keeps
    drawing and reconnecting in the one browser, and late tests waited 30 s in vain for a
    dealt hand on this 2-core machine (two in one CI run, one the session before)."""
    before = set(browser.contexts)
    yield
    shoot_failed(request.node, [c for c in browser.contexts if c not in before])
    for context in browser.contexts:
        if context not in before:
            context.close()


# The servers are per test: bots keep playing after a test's last click, and a bot's
# transaction (table row locked, move inserted) racing the test database's flush (TRUNCATE of
# every table) can deadlock it. A server stopped before the flush has no transaction left.
SITE_SETTINGS = "tests.e2e.server_settings"


def _site_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "REDIS_URL"}


@pytest.fixture(scope="session")
def server_forks(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[Forks]:  # fmt: skip
    """This test process's forking server for site_url (tests/server_fork.py), with the
    environment the session started with: a test that sets a variable for its server gets
    a process of its own, as before. Its own output goes to server-logs/ (tests/conftest.py)."""
    folder = tmp_path_factory.getbasetemp() / "server-logs"
    folder.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    forks = forking(SITE_SETTINGS, _site_env(), folder / f"forking-server-{worker}.log")
    try:
        yield forks
    finally:
        forks.close()


@pytest.fixture
def site_url(django_db_setup: None, django_db_blocker, server_log, server_forks: Forks
             ) -> Iterator[str]:  # fmt: skip
    """The site as `make run` serves it (in-memory channel layer, bots in the server's
    process), on the test database, in a process of its own (a fork: server_forks). Its
    log is the test's own (tests/conftest.py)."""
    with _daphne(SITE_SETTINGS, _site_env(), server_log("daphne"), server_forks) as url:
        yield url


@pytest.fixture
def live_site_url(django_db_setup: None, django_db_blocker, server_log) -> Iterator[str]:
    """The site as deployed: Daphne on the Redis channel layer, and bot turns played by a
    real Celery worker process (a queue of its own) on the test database."""
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs the Redis that `make test` uses (REDIS_URL)")
    env = {**os.environ, "WHIST_CELERY_QUEUE": f"e2e-{uuid.uuid4().hex[:8]}"}
    settings = "tests.e2e.server_settings_live"
    log = open(server_log("celery-worker"), "w")  # noqa: SIM115
    worker = subprocess.Popen(
        worker_command(env["WHIST_CELERY_QUEUE"]), cwd=ROOT,
        env=server_env({**env, "DJANGO_SETTINGS_MODULE": settings}), stdout=log,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        with _daphne(settings, env, server_log("daphne-live")) as url:
            yield url
    finally:
        _stop(worker, 30)
        log.close()
