"""`manage.py ready worker NAME` / `manage.py ready beat`: a Celery worker's or this host's
beat's readiness for a supervisor, as an exit status (docs/deployment.md §"Health").

0: ready; 1: not ready, with one line saying why; 2: the command line is wrong."""

from __future__ import annotations

import math
import socket
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from runtime.beat import pulse_age
from runtime.command_errors import OneLineErrors

MOST_SECONDS = 3600  # a supervisor's readiness probe waits seconds, never an hour


class Command(OneLineErrors, BaseCommand):
    help = "Exit 0 if the named Celery worker answers a ping (or beat ticks), else 1."
    requires_system_checks: list[str] = []  # polled often: no checks of the whole site

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("what", choices=("worker", "beat"))
        parser.add_argument("name", nargs="?", help="the worker's node name, e.g. turns@host")
        parser.add_argument("--timeout", type=float, default=2.0, help="seconds to wait")

    def handle(self, *args: Any, what: str, name: str | None, timeout: float, **kw: Any) -> None:
        # nan waited for ever; past MOST_SECONDS (1e308) a wait overflowed, and the line said
        # the broker had not answered.
        if not math.isfinite(timeout) or not 0 < timeout <= MOST_SECONDS:
            raise CommandError(
                f"--timeout must be a number of seconds more than 0, at most {MOST_SECONDS}",
                returncode=2,
            )
        if what == "beat" and name:
            raise CommandError(f"ready beat takes no name ({name})", returncode=2)
        problem = self.worker(name, timeout) if what == "worker" else self.beat()
        if problem:
            raise CommandError(problem, returncode=1)
        self.stdout.write("ready")

    def worker(self, name: str | None, timeout: float) -> str:
        if not name:
            raise CommandError("ready worker needs the worker's name (turns@host)", returncode=2)
        try:
            replies = current_app.control.ping(destination=[name], timeout=timeout)
        except Exception as exc:  # noqa: BLE001 - the broker is away: not ready, say why
            return f"worker {name}: the broker did not answer ({type(exc).__name__})"
        if not any(name in reply for reply in replies):
            return f"worker {name}: no answer within {timeout:g} s"
        return ""

    def beat(self) -> str:
        # Beat ticks at least as often as its shortest entry (the watchdog's period).
        limit = max(30.0, 3 * settings.WHIST_WATCHDOG_EVERY)
        try:
            age = pulse_age()
        except Exception as exc:  # noqa: BLE001 - Redis away: not ready, say why
            return f"beat: the cache did not answer ({type(exc).__name__})"
        if age is None:
            return f"beat: no tick noted on this host ({socket.gethostname()})"
        if age > limit:
            return f"beat: last tick {age:.0f} s ago (more than {limit:g} s)"
        return ""
