"""`manage.py cut_puzzles [--games N]`: run the puzzle job now over the stored games not cut
yet (learning.puzzles.job), for a site that had games before it had puzzles."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from learning.puzzles.job import sweep, usable
from runtime.command_errors import OneLineErrors


class Command(OneLineErrors, BaseCommand):
    help = "Cut puzzles from the stored games not cut yet."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--games", type=int, default=1000, help="at most this many games")

    def handle(self, *args: Any, games: int, **options: Any) -> None:
        if games < 1:
            raise CommandError("--games must be at least 1", returncode=2)
        left = usable().count()
        kept = sweep(min(games, left))
        self.stdout.write(f"{min(games, left)} games cut, {kept} puzzles kept")
