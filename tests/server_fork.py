"""Daphne servers forked from a process that has imported the site once.

Each browser test starts a Daphne of its own (tests/e2e/conftest.py: a server stopped before
the database's flush leaves no bot or timer behind), and each of those processes imported
Django and the whole site again: about 1.5 CPU-seconds of the 1.7 a start and stop cost, a
hundred times a `make test`. Here one process per test process imports the site with the
server's settings and environment (`python -m tests.server_fork SETTINGS`), and each server is
a fork of it that runs Daphne's command line, as `python -m daphne` does: still a process of
its own per test, started fresh and stopped with the test, only without the imports.

The fork holds what the imports made and nothing else: no thread runs and no database
connection is open before a fork (checked), and the event loop Daphne made at its import has
never run; each child gives that loop a selector of its own. A server whose environment
differs from the forking process's (a test that sets a variable for its server) is started
as a process of its own, as before (`tests.servers.daphne`).

The protocol on the forking process's standard input and output is one JSON line each way:
{"start": [daphne arguments], "log": path, "env": {...}} -> {"pid": n};
{"wait": pid, "seconds": s} -> {"returncode": n or null} (null: still running).
"""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
# Different for every test and read by no server: not a reason to start one of its own.
IGNORED = frozenset({"PYTEST_CURRENT_TEST"})


def _same(a: dict[str, str], b: dict[str, str]) -> bool:
    return {k: v for k, v in a.items() if k not in IGNORED} == {
        k: v for k, v in b.items() if k not in IGNORED
    }


class Forked:
    """A forked server as the tests stop it: the parts of subprocess.Popen they use."""

    def __init__(self, forks: Forks, pid: int) -> None:
        self.forks, self.pid = forks, pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.forks.wait(self.pid, 0.0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            self.returncode = self.forks.wait(self.pid, 3600.0 if timeout is None else timeout)
        if self.returncode is None:
            raise subprocess.TimeoutExpired(f"daphne (forked, pid {self.pid})", timeout or 0)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Forks:
    """The forking process of one test process, for one settings module and environment."""

    def __init__(self, settings: str, env: dict[str, str], log: Path) -> None:
        """`log`: the forking process's own output (its servers write to theirs)."""
        self.settings, self.env = settings, env
        self.lock = threading.Lock()
        with open(log, "a") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.server_fork", settings], cwd=ROOT, env=env,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=output, text=True,
            )  # fmt: skip
        ready = self._read()
        if ready != {"ready": True}:
            raise RuntimeError(f"the forking server did not start: {ready}")

    def serves(self, settings: str, env: dict[str, str]) -> bool:
        return settings == self.settings and _same(env, self.env) and self.process.poll() is None

    def _read(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the forking server ended ({self.process.wait()})")
        return json.loads(line)

    def _ask(self, request: dict[str, Any]) -> Any:
        assert self.process.stdin is not None
        with self.lock:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            return self._read()

    def start(self, arguments: list[str], log: str | Path, env: dict[str, str]) -> Forked:
        return Forked(self, self._ask({"start": arguments, "log": str(log), "env": env})["pid"])

    def wait(self, pid: int, seconds: float) -> int | None:
        return self._ask({"wait": pid, "seconds": seconds})["returncode"]

    def close(self) -> None:
        """Ends the forking process (and kills a server of its still running)."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


# The forking process ------------------------------------------------------------------------


def _load() -> Any:
    """Import what a Daphne of the site imports, up to its command line."""
    import django

    django.setup()
    from daphne.cli import CommandLineInterface
    from django.urls import get_resolver

    import whistsite.asgi  # noqa: F401  (the application Daphne will load by name)

    get_resolver().url_patterns  # noqa: B018  (every view module)
    return CommandLineInterface


def _check_forkable() -> None:
    from django.db import connections

    if threading.active_count() != 1:
        raise RuntimeError(f"threads before a fork: {threading.enumerate()}")
    if any(c.connection is not None for c in connections.all(initialized_only=True)):
        raise RuntimeError("a database connection is open before a fork")


def _own_selector() -> None:
    """The loop Daphne made at import (daphne.server.twisted_loop) polls with an epoll
    instance, which a fork shares with its parent: the child polls one of its own, with the
    same registrations (the loop's and Twisted's wake-up pipes)."""
    server = sys.modules["daphne.server"]
    loop = server.twisted_loop
    old = loop._selector
    new = type(old)()
    for key in list(old.get_map().values()):
        new.register(key.fileobj, key.events, key.data)
    loop._selector = new
    old.close()


def _child(command_line: Any, request: dict[str, Any], replies: IO[str]) -> None:
    code = 1
    try:
        os.close(replies.fileno())  # the test process sees the forking process's end alone
        null = os.open(os.devnull, os.O_RDONLY)
        out = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(out, 2)
        os.close(null)
        os.close(out)
        os.environ.clear()
        os.environ.update(request["env"])
        _own_selector()
        sys.argv = ["daphne", *request["start"]]
        command_line.entrypoint()
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _wait(pid: int, seconds: float) -> int | None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return -1  # not a child of this process (any longer)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)


def serve(requests: IO[str], replies: IO[str]) -> None:
    command_line = _load()
    _check_forkable()
    gc.collect()
    gc.freeze()  # what the imports made is never collected: a child's pages stay shared
    replies.write(json.dumps({"ready": True}) + "\n")
    replies.flush()
    children: set[int] = set()
    for line in requests:
        request = json.loads(line)
        if "start" in request:
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                _child(command_line, request, replies)
            children.add(pid)
            reply: dict[str, Any] = {"pid": pid}
        else:
            returncode = _wait(request["wait"], request["seconds"])
            if returncode is not None:
                children.discard(request["wait"])
            reply = {"returncode": returncode}
        replies.write(json.dumps(reply) + "\n")
        replies.flush()
    for pid in children:  # the test process went: so do its servers
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


if __name__ == "__main__":
    os.environ["DJANGO_SETTINGS_MODULE"] = sys.argv[1]
    # The replies go on a duplicate of standard output; whatever the imports print goes to
    # standard error instead.
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    serve(sys.stdin, replies)
