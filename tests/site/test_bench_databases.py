"""A bench's database of its own is its run's own (bench/django_env.py `run_database`):
bench/move_cost.py named its database after DATABASE_URL alone, so two runs on one URL made,
filled and dropped the same database under each other."""

from __future__ import annotations

import os
import subprocess
import sys

import psycopg
import pytest

from bench.capacity import database_url
from bench.django_env import ROOT, leftovers, run_database

NAME = "bench_test_runs"


def _base() -> str:
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        pytest.skip("the benches' databases are PostgreSQL's")
    return base


def _names(base: str) -> set[str]:
    with psycopg.connect(database_url(base, "postgres"), autocommit=True) as conn:
        return {row[0] for row in conn.execute("SELECT datname FROM pg_database")}


def _gone_pid() -> int:
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    return ended.pid


def test_two_runs_on_one_url_get_databases_of_their_own_and_a_gone_runs_is_dropped():
    base = _base()
    prefix = f"{base.rsplit('/', 1)[1]}_{NAME}"
    gone = f"{prefix}_{_gone_pid()}"
    with psycopg.connect(database_url(base, "postgres"), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{gone}"')
    try:
        mine = run_database(base, NAME)
        assert mine == database_url(base, f"{prefix}_{os.getpid()}")
        assert gone not in _names(base)  # its run was killed before it dropped it
        other = subprocess.run(
            [sys.executable, "-c", "import sys; from bench.django_env import run_database;"
             " print(run_database(sys.argv[1], sys.argv[2]))", base, NAME],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        assert other.startswith(database_url(base, f"{prefix}_")) and other != mine
    finally:
        with psycopg.connect(database_url(base, "postgres"), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{gone}"')


def test_only_a_gone_runs_database_is_a_leftover():
    gone = _gone_pid()
    names = [
        f"whist_bench_moves_cost_{gone}", f"whist_bench_moves_cost_{os.getpid()}",
        "whist_bench_moves_cost", "whist_bench_moves_cost_x", f"whist_other_{gone}",
        f"whist_bench_moves_cost_{gone}_1",
    ]  # fmt: skip
    assert leftovers(names, "whist_bench_moves_cost") == [f"whist_bench_moves_cost_{gone}"]


@pytest.mark.parametrize("bench", ["held_memory.py", "lost_publishes.py"])
def test_benches_that_drop_their_database_name_it_per_run(bench: str):
    """bench/held_memory.py and bench/lost_publishes.py named theirs after DATABASE_URL
    alone (`_bench_held`, `_bench_lost`), as move_cost.py did: they take run_database's."""
    source = (ROOT / "bench" / bench).read_text()
    assert "drop_database(url)" in source
    assert "url = run_database(base, " in source
    assert "database_url(base" not in source
