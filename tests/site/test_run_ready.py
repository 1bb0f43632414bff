"""`make run` says where the site is once it answers (issue 45 item 6)."""

from __future__ import annotations

import os
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


def test_the_staff_command_it_names_runs_as_printed(capsys, tmp_path) -> None:
    """The command is copied into a second terminal, whose environment has no secrets: a
    command without DJANGO_DEBUG=true stopped at the settings (exit status 2)."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        assert wait_and_say("127.0.0.1", server.getsockname()[1], seconds=5)
    command = capsys.readouterr().out.split("account: ", 1)[1].rsplit(")", 1)[0]
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "WHIST"))}
    clean["DATABASE_URL"] = f"sqlite:///{tmp_path}/new.sqlite3"
    done = subprocess.run(f"{command} --help", shell=True, cwd=ROOT, env=clean,  # noqa: S602
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr


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


def test_it_stops_waiting_once_make_run_is_gone(capsys) -> None:
    """A Ctrl-C before the line was said: make and Daphne stopped, and the waiter (started in
    the background, where a shell ignores SIGINT) polled a closed port for its 120 s, in the
    terminal's process group (a fresh clone's test_make_run_stop: "make run's processes
    stayed" 90 s after SIGINT, make itself gone)."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    gone = subprocess.Popen(["true"])
    gone.wait()
    # An hour: a waiter that does not notice runs into the test's timeout instead.
    assert not wait_and_say("127.0.0.1", port, seconds=3600, make=gone.pid)
    assert capsys.readouterr().out == ""


def test_make_run_tells_the_waiter_whose_it_is() -> None:
    plan = subprocess.run(["make", "-n", "run", "PORT=8765"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    assert "whistsite.ready 127.0.0.1 8765 $PPID" in plan
