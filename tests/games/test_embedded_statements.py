"""`make run`'s SQLite runs the statements the site writes out by hand (those with a
PostgreSQL form: arrays, data-modifying WITH). The batched heartbeats sent their channels as
one PostgreSQL array, which SQLite cannot bind: under `make run` every heartbeat failed
("no such function: ANY"), so the sweep took a connected player's sockets for dead.

The steps run in a process of their own on an SQLite file (tests/games/embedded_statements.py,
the tables made from the models: no migrations), about 2 CPU-s."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.servers import ROOT


def _embedded(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "WHIST_TEST_"))}
    env.pop("REDIS_URL", None)  # make run's: the in-memory channel layer, tasks in-process
    env.update(DATABASE_URL=f"sqlite:///{tmp_path}/embedded.sqlite3", DJANGO_DEBUG="true")
    done = subprocess.run(
        [sys.executable, "-m", "tests.games.embedded_statements"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_sqlite_runs_every_statement_written_out(tmp_path):
    found = _embedded(tmp_path)
    assert found == {
        "opened": [0, 1],
        "beats_refreshed": ["socket-0", "socket-1"],  # the batched beats, one statement
        "beat_seat": 1,
        "moves": [3, 4],  # the held table's compare-and-set, then the locked path
        "versions": {"1": 4},  # the table that is, not the one that is not
        "after_disconnect": ["socket-1"],
        "dropped_by_process": 1,
    }
