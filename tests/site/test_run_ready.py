"""`make run` says where the site is once it answers (issue 45 item 6)."""

from __future__ import annotations

import socket
import subprocess

from tests.servers import ROOT
from whistsite.ready import wait_and_say


def test_the_ready_line_names_the_address_once_the_server_answers(capsys) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert wait_and_say("127.0.0.1", port, seconds=5)
    line = capsys.readouterr().out
    assert f"The site is ready at http://127.0.0.1:{port}/" in line
    assert "createsuperuser" in line


def test_nothing_is_said_of_a_server_that_never_answers(capsys) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert not wait_and_say("127.0.0.1", port, seconds=0.3)
    assert capsys.readouterr().out == ""


def test_make_run_says_where_the_site_is() -> None:
    plan = subprocess.run(["make", "-n", "run", "PORT=8765"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    assert "whistsite.ready 127.0.0.1 8765" in plan
