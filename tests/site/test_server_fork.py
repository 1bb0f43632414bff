"""The browser tests' servers are forks of a process that has the site imported
(tests/server_fork.py): each still a Daphne process of its own, serving the site and stopped
with its test; a server whose environment differs is started as a process of its own."""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from tests.server_fork import Forks
from tests.servers import daphne, forking

SETTINGS = "tests.e2e.server_settings"


@pytest.fixture
def forks(tmp_path: Path) -> Iterator[Forks]:
    made = forking(SETTINGS, dict(os.environ), tmp_path / "forking.log")
    try:
        yield made
    finally:
        made.close()


def serving_process(url: str) -> psutil.Process:
    port = int(url.rsplit(":", 1)[1])
    return next(
        psutil.Process(c.pid) for c in psutil.net_connections("tcp")
        if c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
    )  # fmt: skip


def test_a_forked_server_serves_the_site_logs_to_its_file_and_ends_with_its_test(
    forks: Forks, tmp_path: Path
) -> None:
    log = tmp_path / "daphne.log"
    with daphne(SETTINGS, dict(os.environ), log, forks) as url:
        server = serving_process(url)
        assert server.ppid() == forks.process.pid
        with urllib.request.urlopen(f"{url}/healthz", timeout=30) as answer:
            assert answer.status == 200
    assert not psutil.pid_exists(server.pid) or server.status() == psutil.STATUS_ZOMBIE
    assert '"GET /healthz" 200' in log.read_text()


def test_a_server_whose_environment_differs_is_a_process_of_its_own(
    forks: Forks, tmp_path: Path
) -> None:
    env = {**os.environ, "WHIST_BOT_DELAY": "0.2,0.3"}
    with daphne(SETTINGS, env, tmp_path / "daphne.log", forks) as url:
        assert serving_process(url).ppid() == os.getpid()
