"""Real server processes for tests: Daphne serving the whole site on a free port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.server_fork import Forked, Forks

ROOT = Path(__file__).resolve().parents[1]
# Seconds a test waits for what must happen: a bound for "never", not a speed (docs/
# development.md, "No speed in tests"; a loaded machine is slow).
PATIENCE = 90.0


def server_env(env: dict[str, str]) -> dict[str, str]:
    """`env` for a server or worker process on this test process's database: its name is passed
    down (under pytest-xdist it has the worker's suffix, test_whist_gw1, which the settings a
    new process reads cannot know), and output is unbuffered so its log is whole when read."""
    from django.db import connection

    return {**env, "WHIST_TEST_DATABASE_NAME": str(connection.settings_dict["NAME"]),
            "PYTHONUNBUFFERED": "1"}  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port: int, process: subprocess.Popen | Forked, seconds: float = PATIENCE) -> None:
    """Until the process listens on `port`. A start is not timed: on a machine busy with other
    work (load average 20) a Daphne once took more than 20 s to import the site and listen,
    and the browser test that needed it failed at its setup."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("daphne did not start")


@contextmanager
def daphne(settings: str, env: dict[str, str], log_path: str | Path,
           forks: Forks | None = None) -> Iterator[str]:  # fmt: skip
    """A Daphne process serving the whole site (HTTP and WebSockets), its output in
    `log_path`; yields its address. With `forks` of these settings and environment, the
    process is a fork of a process that has the site imported (tests/server_fork.py)."""
    port = free_port()
    arguments = ["-b", "127.0.0.1", "-p", str(port), "whistsite.asgi:application"]
    env = server_env({**env, "DJANGO_SETTINGS_MODULE": settings})
    log = open(log_path, "w")  # noqa: SIM115
    process: subprocess.Popen | Forked
    if forks is not None and forks.serves(settings, env):
        process = forks.start(arguments, log_path, env)
    else:
        process = subprocess.Popen([sys.executable, "-m", "daphne", *arguments], cwd=ROOT,
                                   env=env, stdout=log, stderr=subprocess.STDOUT)  # fmt: skip
    try:
        wait_for(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)
        log.close()


def forking(settings: str, env: dict[str, str], log: Path) -> Forks:
    """A forking server (tests/server_fork.py) for `daphne(settings, env, ..., forks)`; its
    own output in `log`."""
    return Forks(settings, server_env({**env, "DJANGO_SETTINGS_MODULE": settings}), log)


def stop(process: subprocess.Popen | Forked, seconds: float = 10.0) -> None:
    """Stop a server or worker process; kill it if it does not stop in time. Its database
    connections close with it, so no transaction of its outlives the test."""
    process.terminate()
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(seconds)


def nginx_main(folder: Path, site: Path, connections: int = 256) -> str:
    """A main configuration around the site file, all of its files in `folder`; `connections`
    per worker (two per proxied socket)."""
    temp = " ".join(f"{kind}_temp_path {folder / kind};" for kind in
                    ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))  # fmt: skip
    return (
        f"daemon off; worker_processes 1; pid {folder / 'nginx.pid'};\n"
        + ("user root;\n" if os.geteuid() == 0 else "")
        + f"error_log {folder / 'error.log'} info; events {{ worker_connections {connections}; }}\n"
        f"http {{ include /etc/nginx/mime.types; access_log {folder / 'access.log'}; {temp}\n"
        f"include {site}; }}\n"
    )
