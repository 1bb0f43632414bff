"""One Django process of a fault stack's that runs the tests' setup and inspection snippets
(`Stack.python`) one after another, so that django.setup() is paid once per stack, not once
per snippet: the tests poll with snippets (a presence count, the sockets counted in Redis),
each a fresh `python -c` before, about a CPU-second of imports each (docs/benchmarks.md).

Each snippet runs in a namespace of its own with `django` and `json` in it; what it prints is
its answer. Its database connections are closed after it, so the next snippet connects again
(a test stops and restarts the stack's PostgreSQL). The process is started again when the
stack's environment has changed since it started (a test sets a variable first) or when it
has died."""

from __future__ import annotations

import json
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

LOOP = """
import contextlib, io, json, sys, traceback
import django
django.setup()
from django.db import connections

replies = sys.stdout
sys.stdout = sys.stderr  # what the imports or a snippet print outside its capture
for line in sys.stdin:
    out, error = io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(json.loads(line), "<stack.python>", "exec"),
                 {"__name__": "__main__", "django": django, "json": json})
    except BaseException:
        error = traceback.format_exc()
    finally:
        connections.close_all()
    replies.write(json.dumps({"out": out.getvalue(), "error": error}) + "\\n")
    replies.flush()
"""


class SnippetFailed(RuntimeError):
    pass


class DjangoShell:
    """`run(code)`: the snippet's printed output, run in this shell's Django process."""

    def __init__(self, root: Path, log: Callable[[], Path]) -> None:
        """`log()`: where the process's own output goes (asked for at its first start)."""
        self.root, self._log = root, log
        self.process: subprocess.Popen | None = None
        self.env: dict[str, str] = {}
        self.lock = threading.Lock()

    @property
    def log(self) -> Path:
        return self._log()

    def _start(self, env: dict[str, str]) -> subprocess.Popen:
        self.close()
        with open(self.log, "a") as errors:
            self.process = subprocess.Popen(
                [sys.executable, "-c", LOOP], cwd=self.root, env=env, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=errors, text=True,
            )  # fmt: skip
        self.env = dict(env)
        return self.process

    def run(self, code: str, env: dict[str, str], seconds: float) -> str:
        with self.lock:
            process = self.process
            if process is None or process.poll() is not None or env != self.env:
                process = self._start(env)
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(code) + "\n")
            process.stdin.flush()
            try:
                reply = json.loads(_line(process.stdout, seconds, self.log) or "null")
            except TimeoutError:
                self.close()  # its answer, if it ever came, would be the next snippet's
                raise
        if reply is None:
            self.close()
            raise SnippetFailed(f"the Django process ended:\n{_tail(self.log)}")
        if reply["error"]:
            raise SnippetFailed(reply["error"][-3000:])
        return reply["out"]

    def close(self) -> None:
        if self.process is None:
            return
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None


def _line(stream: IO[str], seconds: float, log: Path) -> str:
    deadline = time.monotonic() + seconds
    while not select.select([stream], [], [], max(0.0, deadline - time.monotonic()))[0]:
        if time.monotonic() >= deadline:
            raise TimeoutError(f"no answer in {seconds} s:\n{_tail(log)}")
    return stream.readline()


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-3000:] if log.exists() else "(no output)"
