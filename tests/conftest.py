"""Shared pytest configuration: tests under tests/e2e are browser tests, marked `e2e`; each
server a test starts logs to a file of the test's own, whose end a failure report shows; and
under `make test` (WHIST_TEST_NO_SKIP=1) a skipped test fails the run."""

import gc
import os
import re
import shutil
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# The real SMTP server fixture (`mail_server`), for every test directory; the slowest test
# modules first, for xdist's workers to finish together (tests/slow_first.py).
pytest_plugins = ["tests.mail_server", "tests.slow_first", "tests.template_database"]

E2E_DIR = Path(__file__).parent / "e2e"
# `make test` sets it: every test must run there, so a test that would be skipped (a service
# missing: PostgreSQL, Redis, nginx, Chromium) fails instead, with the skip's reason.
NO_SKIP = os.environ.get("WHIST_TEST_NO_SKIP", "") not in ("", "0")
NO_SKIP_NOTE = "skipped, and WHIST_TEST_NO_SKIP is set (make test runs every test)"
SERVER_LOGS = pytest.StashKey[list[Path]]()
LOG_TAIL_LINES = 80


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test databases (copies of a migrated template on PostgreSQL:
    tests/template_database.py), dropped at the end once every connection to them is
    closed. A thread that ran database work (each async test's loop has a pool of them)
    leaves its connection to the garbage collector when it ends (a connection is a cycle of
    objects), and asgiref's one thread for thread-sensitive work keeps its own; a drop with
    them open failed ("database ... is being accessed by other users"); the sockets'
    database threads (games/sockets/db_pool.py) end, closing theirs."""
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from games.sockets.db_pool import pool
    from tests.template_database import drop_test_database

    yield
    gc.collect()
    with django_db_blocker.unblock():
        pool.stop()
        SyncToAsync.single_thread_executor.submit(connections.close_all).result()
        drop_test_database()


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir() -> None:
    """pytest-playwright's fixture of this name, which empties its output folder
    (test-results/, where the browser tests' screenshots go) at the start of every pytest
    process, does nothing here: under `make test` (its two runs at once) the unit run's
    workers and the runs that tests/site/test_make_test.py starts emptied it while the
    browser run wrote its screenshots there ("OSError: [Errno 39] Directory not empty:
    'test-results/layout'"). A screenshot replaces the last run's of its name."""


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """An xdist run's id known to its controller before xdist makes one (its workers read it
    as PYTEST_XDIST_TESTRUNUID): the run's workers share a template cluster for their fault
    tests (tests/faults/stack.py), which the controller deletes at the end."""
    if not hasattr(config, "workerinput") and getattr(config.option, "testrunuid", "") is None:
        config.option.testrunuid = uuid.uuid4().hex


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput") and getattr(config.option, "testrunuid", None):
        from tests.faults.stack import template_folder

        shutil.rmtree(template_folder(config.option.testrunuid), ignore_errors=True)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark tests/e2e as `e2e` before `-m` selects (docs/stack-notes.md §2.5: own process)."""
    for item in items:
        if item.path.is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    return reason.removeprefix("Skipped: ")


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[pytest.CollectReport]:
    """A module skipped as a whole (pytest.skip at module level) fails under NO_SKIP."""
    report = yield
    if NO_SKIP and report.skipped:
        report.outcome = "failed"
        report.longrepr = f"{NO_SKIP_NOTE}: {_skip_reason(report)}"
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    """A skip fails under NO_SKIP (an expected failure, xfail, stays what it is); a failed
    test's report ends with the last lines of each server log it kept (`server_log`)."""
    report = yield
    if NO_SKIP and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"{NO_SKIP_NOTE}: {_skip_reason(report)}"
    if report.failed:
        for path in item.stash.get(SERVER_LOGS, []):
            report.sections.append((f"server log {path} (last {LOG_TAIL_LINES} lines)",
                                    _tail(path)))  # fmt: skip
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """A teardown that failed may have left a database connection in the middle of a query:
    pytest-timeout's signal, on a loaded machine, interrupted a browser test's flush inside
    psycopg, and every later test of that worker failed with "another command is already in
    progress". Such connections are closed, so the next test opens new ones."""
    try:
        return (yield)
    except BaseException:
        from django.db import connections

        for connection in connections.all(initialized_only=True):
            if connection.connection is not None and not connection.is_usable():
                connection.close()
        raise


def _tail(path: Path) -> str:
    try:
        lines = path.read_text(errors="replace").splitlines()
    except OSError as error:
        return f"(not readable: {error})"
    return "\n".join(lines[-LOG_TAIL_LINES:]) or "(empty)"


@pytest.fixture
def server_log(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
               ) -> Callable[[str], Path]:  # fmt: skip
    """`server_log("daphne")`: a log file for a server the test starts, named after the test
    (server-logs/ under pytest's base temporary folder, kept after the run); if the test
    fails, its report shows the log's last lines (a 500's traceback, say)."""
    folder = tmp_path_factory.getbasetemp() / "server-logs"
    folder.mkdir(exist_ok=True)
    test = re.sub(r"[^\w.-]+", "_", request.node.name)[:120]

    def make(name: str) -> Path:
        path = folder / f"{test}.{name}.log"
        request.node.stash.setdefault(SERVER_LOGS, []).append(path)
        return path

    return make


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


@pytest.fixture(autouse=True)
def _lanes_stopped() -> Iterator[None]:
    """After each test, the embedded lanes stop (runtime.scheduling.stop_lanes) before the
    database is emptied: a bot's move still running in a lane's thread held its table's row
    while the flush's TRUNCATE waited for it, and PostgreSQL broke the deadlock by failing
    the flush (a fresh clone's CI: 'Database test_whist_gw2 couldn't be flushed' after
    test_a_lost_bot_turn_goes_on_under_the_embedded_watchdog, whose bots played on). This
    fixture is set up after pytest-django's database fixtures, so it is torn down first. The
    sockets' database threads (games/sockets/db_pool.py), which outlive each test's event
    loop, finish what they run first too."""
    yield
    from games.sockets.db_pool import pool
    from runtime.scheduling import stop_lanes

    stop_lanes()
    pool.wait_quiet(30)
