"""A separate process that runs the bookkeeping of tables at a given moment, for the tests
of concurrent runs: `python -m tests.rankings.score_process START TABLE_ID...`; prints one
line per table, "scored" or "skipped". An argument `annul:TABLE_ID` annuls that game
instead (rankings.services.game_score_annul): "annulled" or "skipped"; `scores:N` waits
until N games are scored (by another process)."""

from __future__ import annotations

import os
import sys
import time

import django


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")
    django.setup()
    from rankings.models import GameScore
    from rankings.services import game_score_annul, game_score_create

    start = float(argv[0])
    time.sleep(max(0.0, start - time.time()))  # both processes start at the same moment
    for arg in argv[1:]:
        if arg.startswith("scores:"):
            while GameScore.objects.count() < int(arg.removeprefix("scores:")):
                time.sleep(0.005)
        elif arg.startswith("annul:"):
            done = game_score_annul(int(arg.removeprefix("annul:")))
            print("annulled" if done else "skipped", flush=True)
        else:
            print("scored" if game_score_create(int(arg)) is not None else "skipped", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
