"""Claim checks against the bots' decision budget: the time the engine takes to accept or
refuse a claim (docs/rules.md §0.7), on one core.

Positions come from games played with varied legal moves, at every number of tricks left
(a full Whist deal included); at each, the seat to act claims every count from one to all.
The worst case is a proof that searches its whole node limit (claims.SEARCH_NODE_LIMIT,
claims.NODE_LIMIT) and is refused. The budget compared against is the Expert's largest
decision: the German Whist solve (expert.SOLVE_BUDGET + LATE_BUDGET). Figures are
printed, never asserted; also in calibration units (bench/engine.py's 52-card shuffles).
Run: `.venv/bin/python bench/claims.py`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import calibration  # noqa: E402
from games.engine import (  # noqa: E402
    IllegalAction,
    apply,
    claims,  # noqa: E402
    legal_actions,
    make_rules,
    new_game,
)
from games.engine.actions import CLAIM, Action  # noqa: E402
from games.engine.arena import percentile  # noqa: E402
from games.engine.bots import expert  # noqa: E402

CASES = (("knockout", 4), ("knockout", 2), ("whist", 4), ("german", 2))


def positions(game: str, players: int, seeds: int) -> list:
    """A position at every number of tricks left in the first deal's play (German Whist:
    its second half), from `seeds` games."""
    out = []
    for seed in range(seeds):
        state = new_game(make_rules(game, players), seed=seed)
        deal, moves = state.deal_no, 0
        while not state.over and state.deal_no == deal:
            if state.phase == "play" and (game != "german" or state.half == 2):
                out.append(state)
            options = legal_actions(state, resign_too=False)
            state = apply(state, options[(moves * 7 + seed) % len(options)])
            moves += 1
    return out


def checks(states: list) -> list[float]:
    """Seconds per claim check: every count the seat to act may claim."""
    out = []
    for state in states:
        left = claims.tricks_left(state)
        counts = range(1, left + 1) if game_allows_partial(state) else [left]
        for k in counts:
            start = time.perf_counter()
            try:
                apply(state, Action(CLAIM, state.to_act, tricks=k))
            except IllegalAction:
                pass
            out.append(time.perf_counter() - start)
    return out


def game_allows_partial(state) -> bool:
    return state.rules.game != "knockout" or state.players == 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    shuffles = calibration(0.5)
    budget = expert.SOLVE_BUDGET + expert.LATE_BUDGET
    print(f"calibration: {shuffles:,.0f} shuffles of 52 cards per second")
    print(f"node limits {claims.SEARCH_NODE_LIMIT:,} (search), {claims.NODE_LIMIT:,} (two hands)")
    print(f"the Expert's largest decision budget {budget * 1000:.0f} ms")
    print(f"{'game':<12}{'checks':>8}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}"
          f"{'max/budget':>12}{'max kshuf':>11}")  # fmt: skip
    for game, players in CASES:
        times = sorted(checks(positions(game, players, args.seeds)))
        worst = times[-1]
        median, p99 = percentile(times, 0.5), percentile(times, 0.99)
        print(f"{game + ' ' + str(players):<12}{len(times):>8}{median * 1000:>11.2f}"
              f"{p99 * 1000:>9.1f}{worst * 1000:>9.1f}{worst / budget:>12.2f}"
              f"{worst * shuffles / 1000:>11.1f}")  # fmt: skip
    print("max/budget: the slowest check as a share of the budget; kshuf: in 1,000 shuffles")


if __name__ == "__main__":
    main()
