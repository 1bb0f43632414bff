"""A stopping process leaves by its deadline whatever still runs (whistsite/patches/quick_exit.py),
and the deadlines come before a supervisor's stop timeout of 10 s (docs/deployment.md): what
tests/faults' SIGTERM tests rely on, without timing a loaded machine's exit."""

from __future__ import annotations

import subprocess
import sys

from games.sockets import shutdown
from tests.faults.stack import ROOT
from tests.servers import PATIENCE

STUCK = """
import logging, threading
from whistsite.patches import quick_exit
quick_exit.deadline(0.2, logging.getLogger("stuck"))
threading.Event().wait()  # what still runs: it would never end
"""


def test_a_process_still_running_at_its_deadline_leaves_with_a_warning() -> None:
    done = subprocess.run([sys.executable, "-c", STUCK], cwd=ROOT, capture_output=True,
                          text=True, timeout=PATIENCE)  # fmt: skip
    assert done.returncode == 0
    assert "still stopping 0.2 s after SIGTERM: leaving now" in done.stderr


def test_a_daphnes_deadline_comes_before_a_supervisors_stop_timeout() -> None:
    assert shutdown.EXIT_DEADLINE < 10
