"""A separate process that runs the bookkeeping of tables at a given moment, for the tests
of concurrent runs: `python -m tests.rankings.score_process START TABLE_ID...`; prints one
line per table, "scored" or "skipped"."""

from __future__ import annotations

import os
import sys
import time

import django


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")
    django.setup()
    from rankings.services import game_score_create

    start, table_ids = float(argv[0]), [int(a) for a in argv[1:]]
    time.sleep(max(0.0, start - time.time()))  # both processes start at the same moment
    for table_id in table_ids:
        print("scored" if game_score_create(table_id) is not None else "skipped", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
