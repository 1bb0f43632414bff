"""Ctrl-C stops `make run` at once. Twisted stopped Daphne's reactor on SIGINT, and then
Python tore the interpreter down: collecting every object the site had made, the main thread
alone with no Python frame (faulthandler's dump 0.5 and 1.2 s after the signal: "Garbage-
collecting"), 0.4-0.5 CPU-s and 1-3 s at load 7-24, more on a busier machine. SIGINT now takes
SIGTERM's way (games/sockets/shutdown.py): the sockets are told the server restarts, and
the process leaves without the teardown (whistsite/patches/quick_exit.py).

The signal goes to the whole process group, as a terminal's Ctrl-C does: make, its shell and
Daphne. The time is printed, not asserted (docs/development.md, "No speed in tests"): the
goodbye's line says the teardown was skipped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from tests.servers import PATIENCE, ROOT, free_port, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def make_run_env() -> dict[str, str]:
    """A developer's shell: `make run`'s embedded mode (no REDIS_URL), on this test's
    database, migrated already (SQLite's first migrate takes half a minute), and no make
    variables of an outer make (make test)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "WHIST_TEST_"))}
    for name in ("REDIS_URL", "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)
    db = connection.settings_dict
    env["DATABASE_URL"] = (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    )
    return env


# A terminal's shell leaves SIGINT at its default; a command started in the background by a
# script (`cmd &`: a CI runner's, or `make test &`) has it ignored, and an ignored SIGINT is
# inherited down to Daphne, which then has no Ctrl-C to hear: the run waited 90 s in vain
# (a fresh clone's make test started with `setsid bash -c '... .ci/run' &`; reproduced with
# `bash -c "trap '' INT; exec pytest tests/site/test_make_run_stop.py"`). SIGINT's default
# is given back before make starts, as the terminal's shell gives it.
AS_FROM_A_TERMINAL = [
    sys.executable, "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execvp(sys.argv[1], sys.argv[1:])",
]  # fmt: skip


def group_alive(group: int) -> bool:
    """Whether a process of the group still runs (a zombie left to an init that reaps
    slowly, as this sandbox's, has stopped)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


def test_ctrl_c_stops_make_run_through_the_goodbye(tmp_path) -> None:
    port, log_path = free_port(), tmp_path / "make-run.log"
    with log_path.open("w") as log:
        run = subprocess.Popen(
            [*AS_FROM_A_TERMINAL, "make", "--no-print-directory", "run", f"PORT={port}"], cwd=ROOT,
            env=make_run_env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        try:
            wait_for(port, run)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=PATIENCE) as page:
                assert page.status == 200
            started = time.monotonic()
            os.killpg(run.pid, signal.SIGINT)  # the terminal's Ctrl-C
            run.wait(PATIENCE)
            while group_alive(run.pid):  # make, then Daphne: all of them gone
                assert time.monotonic() < started + PATIENCE, "make run's processes stayed"
                time.sleep(0.05)
            took = time.monotonic() - started
        finally:
            if group_alive(run.pid):
                os.killpg(run.pid, signal.SIGKILL)
                run.wait()
    text = log_path.read_text()
    print(f"make run stopped {took:.2f} s after SIGINT")
    assert "SIGINT: 0 sockets closed" in text and "stopping" in text, text[-3000:]
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-3000:]
