"""manage.py fairplay_scan: judge a site's stored games not judged yet (docs/fairplay.md),
oldest first, and print what it found; for a site that had games before fair play came, or
after a worker was down. Bad input exits 2 with one line (docs/deployment.md §"Fair play")."""

from __future__ import annotations

import time
from datetime import date

from django.core.management.base import BaseCommand, CommandError

from fairplay import judge
from fairplay.models import Flag, GameSignal
from fairplay.services import game_signals_compute
from records.models import GameRecord
from runtime.command_errors import OneLineErrors

MOST_ROWS = 2**63 - 1  # PostgreSQL's and SQLite's biggest LIMIT


class Command(OneLineErrors, BaseCommand):
    help = "Judge the stored games not judged yet; flag players."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--since", help="only games finished on or after this day (YYYY-MM-DD)")
        parser.add_argument("--limit", default="0", help="at most this many games (0: all)")

    def handle(self, since: str | None = None, limit: str = "0", **options) -> None:
        games = GameRecord.objects.filter(game__in=judge.GAMES, annulled=False)
        if since:
            try:
                games = games.filter(finished__date__gte=date.fromisoformat(since))
            except ValueError:
                raise CommandError(
                    f"--since {since}: not a day (YYYY-MM-DD)", returncode=2
                ) from None
        if not limit.isdecimal():  # isdigit took "²", which int() refuses
            raise CommandError(f"--limit {limit}: not a whole number", returncode=2)
        judged = GameSignal.objects.values("record_id")
        todo = games.exclude(pk__in=judged).order_by("finished").values_list("pk", flat=True)
        if int(limit):  # past the database's biggest LIMIT (a bigint): every game
            todo = todo[: min(int(limit), MOST_ROWS)]
        start, rows, count = time.perf_counter(), 0, 0
        for table_id in todo.iterator():
            rows += game_signals_compute(table_id)
            count += 1
        seconds = time.perf_counter() - start
        open_flags = Flag.objects.filter(status=Flag.Status.OPEN).count()
        self.stdout.write(f"{count} games judged ({rows} players' figures) in {seconds:.1f} s; "
                          f"{open_flags} open flags")  # fmt: skip
