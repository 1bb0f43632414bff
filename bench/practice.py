"""Play from here: the cost of cutting a position from a record (games.engine.practice.position),
real hands and a fresh deal of the unseen cards, per game, at 8 frames of 5 random games each.

Figures in calibration shuffles (bench/engine.py's `random.shuffle` of 52 cards, measured in
the same run). Run: `.venv/bin/python bench/practice.py`.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import calibration  # noqa: E402
from games.engine import make_rules  # noqa: E402
from games.engine.practice import NoPosition, position  # noqa: E402
from games.engine.record_check import check  # noqa: E402
from games.engine.simulate import random_game  # noqa: E402

CASES = (("knockout", 4, {"exchange": True}), ("whist", 4, {}), ("german", 2, {"games": 1}))


def main() -> None:
    shuffles = calibration(1.0)
    print(f"calibration: {shuffles:,.0f} shuffles of 52 cards per second")
    for game, players, options in CASES:
        records = [random_game(make_rules(game, players, **options), seed=s) for s in range(5)]
        for fresh in (False, True):
            times = []
            for record in records:
                steps = len(check(record).steps)
                for upto in range(0, steps, max(1, steps // 8)):
                    began = time.perf_counter()
                    try:
                        position(record, upto, 0, fresh, upto)
                    except NoPosition:
                        continue
                    times.append(time.perf_counter() - began)
            median, worst = statistics.median(times) * shuffles, max(times) * shuffles
            kind = "fresh" if fresh else "real"
            print(f"{game:8} {kind:5} positions={len(times)} median {median:,.0f} shuffles, "
                  f"worst {worst:,.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
