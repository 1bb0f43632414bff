"""`make test` keeps the tests that share one costly setup per module (a proxy, a corpus, a
stack of servers) on one pytest-xdist worker with `--dist loadgroup` and `xdist_group`
marks. pytest 9.2 broke that silently (xdist 3.8 renames `item._nodeid`, which pytest 9.2
no longer reads): tests/deployment then ran on three workers at once, each building its own
proxy on the same ports, and failed on a fresh clone's CI. This fails if it happens again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
