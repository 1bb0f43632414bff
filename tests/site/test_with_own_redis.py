"""make test's browser run has a Redis server of its own (tests/with_own_redis.py), so that it
never meets the unit run beside it: the command it runs sees REDIS_URL pointing at that
server, not at the one make test was given; the command's exit status is the run's; the server
stops with the command."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from urllib.parse import urlsplit

from tests.servers import ROOT

# The command: PING on REDIS_URL's server; prints the URL and the answer, exits with 3.
COMMAND = """
import os, socket, sys
url = os.environ["REDIS_URL"]
port = int(url.rsplit(":", 1)[1])
with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
    sock.sendall(b"PING\\r\\n")
    print(url, sock.recv(16).decode().strip())
sys.exit(3)
"""


def test_the_command_runs_on_a_redis_of_its_own_that_stops_with_it() -> None:
    given = "redis://127.0.0.1:1"  # nothing listens there
    run = subprocess.run([sys.executable, "-m", "tests.with_own_redis", sys.executable, "-c",
                          COMMAND], cwd=ROOT, env={**os.environ, "REDIS_URL": given},
                         capture_output=True, text=True, timeout=60)  # fmt: skip

    assert run.returncode == 3, run.stdout + run.stderr
    url, answer = run.stdout.split()
    assert answer == "+PONG" and url != given, run.stdout
    port = urlsplit(url).port
    assert port is not None
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0, "the server outlived the command"
