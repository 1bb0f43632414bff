"""A fault stack's server that exits before it listens fails the stack's start at once, with
its exit status: the wait for its port is a bound for "never" (PATIENCE), not a speed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.faults.stack import wait_port
from tests.servers import free_port


def test_a_server_that_exits_before_it_listens_fails_the_wait_at_once() -> None:
    process = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    with pytest.raises(RuntimeError, match="exited with 3"):
        wait_port(free_port(), process=process)
