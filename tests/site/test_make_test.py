"""`make test` is honest: a service it needs that is missing fails the run instead of skipping
tests (WHIST_TEST_NO_SKIP, tests/conftest.py), its browser run fails when it collects no
test, and a test timed out inside a query fails alone. Each case runs pytest or make in a
process of its own, as CI does."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.servers import ROOT

NO_REDIS = "tests/games/test_core_layer.py"  # skipped without REDIS_URL
NO_POSTGRES = "tests/rankings/test_exactly_once.py::test_two_processes_at_once_write_each_row_once"
NO_CHROMIUM = "tests/e2e/test_lobby_and_names.py"


def outside_env(drop: tuple[str, ...] = (), **variables: str) -> dict[str, str]:
    """This process's environment as a new pytest run would have it: without pytest's and
    xdist's own variables and those in `drop`, plus `variables`."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_", "WHIST_TEST_")) and k not in drop
    }
    return env | variables


def pytest_run(target: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", target, "-q", "-p", "no:cacheprovider", "-x"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("target", "drop", "reason"),
    [
        (NO_REDIS, ("REDIS_URL",), "needs REDIS_URL"),
        (NO_POSTGRES, ("DATABASE_URL", "REDIS_URL"), "needs the PostgreSQL"),
    ],
    ids=["redis", "postgresql"],
)
def test_a_missing_service_fails_the_run_under_make_test(target, drop, reason) -> None:
    run = pytest_run(target, outside_env(drop, WHIST_TEST_NO_SKIP="1"))
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"WHIST_TEST_NO_SKIP is set (make test runs every test): {reason}" in run.stdout, (
        run.stdout
    )


def test_without_make_tests_switch_a_missing_service_only_skips() -> None:
    run = pytest_run(NO_REDIS, outside_env(("REDIS_URL",)))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "skipped" in run.stdout and "failed" not in run.stdout, run.stdout


def test_a_missing_chromium_fails_the_browser_tests_with_a_clear_message() -> None:
    """Chromium hidden from PATH (the venv's scripts only), on SQLite: the browser tests fail
    saying what to install, even without the switch."""
    env = outside_env(("DATABASE_URL", "REDIS_URL"), PATH=str(ROOT / ".venv" / "bin"))
    run = pytest_run(NO_CHROMIUM, env)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "chromium-headless-shell is not installed" in run.stdout, run.stdout


def test_a_failed_tests_report_ends_with_its_own_server_log() -> None:
    run = pytest_run("tests/site/server_log_sample.py", outside_env(("DATABASE_URL",)))
    assert run.returncode == 1, run.stdout + run.stderr
    log = "test_fails_after_its_server_logged_a_request.daphne.log (last 80 lines)"
    assert f"server-logs/{log}" in run.stdout, run.stdout
    assert "GET /no-such-page-for-the-log-test/" in run.stdout, run.stdout


def test_a_teardown_timed_out_in_a_query_leaves_the_next_test_a_working_connection() -> None:
    """tests/conftest.py closes the connection such a teardown left in the middle of a query
    (a browser test's flush on a loaded machine: every later test of its worker failed)."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/site/timeout_sample.py", "-q", "-p",
         "no:cacheprovider"], cwd=ROOT, env=outside_env(), capture_output=True, text=True,
        timeout=600,  # a bound for "never": 230 s at a load average of 25
    )  # fmt: skip
    assert "Timeout (>10.0s)" in run.stdout, run.stdout + run.stderr
    assert "3 passed, 1 error" in run.stdout, run.stdout


def make(*arguments: str) -> subprocess.CompletedProcess[str]:
    # make exports the variables of its command line: an outer `make test BESIDE=0` is not
    # the make these cases ask about.
    env = outside_env(("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "BESIDE"))
    return subprocess.run(["make", "--no-print-directory", *arguments], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)  # fmt: skip


def test_the_browser_run_of_make_test_fails_when_it_collects_no_test() -> None:
    """And with it make test, though its unit run passed: its two runs at once (make
    test-runs, the same without lint), a unit run of one test and a browser run that collects
    none (these arguments name no browser test); both runs' outputs are shown."""
    shown = make("-n", "test-browser").stdout.strip().splitlines()
    # The browser run's command line (a note on screenshots follows it).
    browser_run = next((line for line in shown if "pytest -m e2e" in line), "")
    assert "pytest -m e2e" in browser_run, shown
    # make test runs the very pytest command beside the unit run, on a Redis of its own;
    # with BESIDE=0, the very command of make test-browser, after the unit run.
    pytest_command = browser_run[browser_run.index(".venv/bin/pytest -m e2e") :]
    assert f"tests.with_own_redis {pytest_command}" in make("-n", "test").stdout
    assert browser_run in make("-n", "test", "BESIDE=0").stdout

    # One worker a run, and a browser run that collects nothing as surely as the whole suite
    # would on three (each of them importing and collecting every test): exit status 5.
    run = make("test-runs", "TEST_WORKERS=1", "E2E_WORKERS=1",
               "PYTEST_ARGS=tests/site/test_setup.py -k make_help_lists_every_target")  # fmt: skip

    assert run.returncode != 0, run.stdout + run.stderr
    unit, browser = run.stdout.split("==== the browser run's output ====")
    assert "1 passed" in unit, run.stdout
    assert "no tests ran" in browser, run.stdout
    assert "the unit run exited with 0, the browser run with 5" in browser, run.stdout


def test_a_pytest_run_leaves_the_browser_runs_screenshots_alone() -> None:
    """pytest-playwright emptied test-results/ at the start of every pytest process, so under
    make test the unit run's processes did it while the browser run wrote there."""
    folder = ROOT / "test-results"
    folder.mkdir(exist_ok=True)
    kept = folder / f"kept-{os.getpid()}.png"
    kept.write_bytes(b"")
    try:
        run = pytest_run("tests/site/test_setup.py::test_the_readme_names_no_machine_path",
                         outside_env(("DATABASE_URL", "REDIS_URL")))  # fmt: skip
        assert run.returncode == 0, run.stdout + run.stderr
        assert kept.exists()
    finally:
        kept.unlink(missing_ok=True)
