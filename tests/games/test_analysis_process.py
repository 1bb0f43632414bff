"""The embedded analysis lane's process (runtime/scheduling.py) ends with its server, also when
the server was gone before the process had started: a browser run left such processes behind,
each waiting for work from a server that no longer existed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUP = (
    "import os, sys\n"
    "from runtime import scheduling\n"
    "scheduling._analysis_process_setup(0, int(sys.argv[1]) or os.getppid())\n"
    "print('set up')\n"
)


def set_up(server: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SETUP, str(server)], cwd=ROOT, env=os.environ,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_an_analysis_process_whose_server_is_gone_ends_before_it_sets_up():
    done = set_up(1)  # not its parent: the server that started it is gone
    assert done.returncode == 0 and "set up" not in done.stdout, done.stderr


def test_an_analysis_process_of_a_living_server_sets_up():
    done = set_up(0)  # its parent
    assert done.returncode == 0 and "set up" in done.stdout, done.stderr
