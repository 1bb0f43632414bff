"""`make test` keeps the tests that share one costly setup per module (a proxy, a corpus, a
stack of servers) on one pytest-xdist worker with `--dist loadgroup` and `xdist_group`
marks. pytest 9.2 broke that silently (xdist 3.8 renames `item._nodeid`, which pytest 9.2
no longer reads): tests/deployment then ran on three workers at once, each building its own
proxy on the same ports, and failed on a fresh clone's CI. This fails if it happens again.
And the browser run hands its tests out one at a time too, in tests/slow_first.py's order."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from tests.servers import ROOT

GROUPED = """
import os
import pytest

pytestmark = pytest.mark.xdist_group("one")


@pytest.mark.parametrize("n", range(6))
def test_writes_its_worker(n):
    out = os.path.join(os.environ["GROUP_OUT"], f"worker-{n}.txt")
    with open(out, "w") as f:
        f.write(os.environ["PYTEST_XDIST_WORKER"])
"""


def test_the_tests_of_one_xdist_group_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:django",
         "-n", "3", "--dist", "loadgroup", str(tmp_path / "test_grouped.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "GROUP_OUT": str(tmp_path)},
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    workers = {(tmp_path / f"worker-{n}.txt").read_text() for n in range(6)}
    assert len(workers) == 1, f"one group ran on {sorted(workers)}"


ORDERED = """
import os
import pytest


@pytest.mark.parametrize("n", range(int(os.environ["TESTS"])))
def test_writes_its_worker(n):
    with open(os.path.join(os.environ["GROUP_OUT"], f"test-{n}.txt"), "w") as f:
        f.write(os.environ["PYTEST_XDIST_WORKER"])
"""


def test_the_browser_run_gives_its_first_tests_one_to_each_worker(tmp_path: Path) -> None:
    """The slowest browser tests come first (tests/slow_first.py). Under `--dist load`,
    xdist's default, the first worker was sent a quarter of its share at once: the nine
    slowest of 108 browser tests, one after another on gw0. Here a module of four tests a
    worker runs with the xdist arguments of `make test-browser`."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    shown = subprocess.run(["make", "--no-print-directory", "-n", "test-browser"], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=240,
                           check=True)  # fmt: skip
    # The browser run's command line (a note on screenshots follows it).
    run = next(line for line in shown.stdout.splitlines() if "pytest -m e2e" in line)
    words = shlex.split(run)
    workers = words[words.index("-n") + 1]
    dist = words[words.index("--dist") + 1] if "--dist" in words else "load"
    (tmp_path / "test_ordered.py").write_text(ORDERED)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:django",
         "-n", workers, "--dist", dist, str(tmp_path / "test_ordered.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "GROUP_OUT": str(tmp_path), "TESTS": str(4 * int(workers))},
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    first = [(tmp_path / f"test-{n}.txt").read_text() for n in range(int(workers))]
    assert len(set(first)) == int(workers), f"the first tests ran on {first}"
