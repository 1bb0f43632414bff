"""Engine speed: random-playout games (and deals) per second through the public API, on one core.

Each figure is also divided by a calibration measured in the same run (`random.shuffle` of
52 cards per second), so that runs on busy or different machines compare.
Run: `.venv/bin/python bench/engine.py [--seconds S] [--cpu] [--root DIR]` (--cpu: seconds of
this process's CPU, time.process_time, which other work on a loaded machine disturbs less
than the wall's; --root: the engine of another checkout, e.g. main's, for before and after
runs taken in turn).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_ROOT_AT = sys.argv.index("--root") + 1 if "--root" in sys.argv[:-1] else 0
sys.path.insert(0, sys.argv[_ROOT_AT] if _ROOT_AT else str(ROOT))  # before the engine's import

from games.engine import apply, legal_actions, make_rules, new_game  # noqa: E402

CASES = (("knockout", 4), ("whist", 4), ("german", 2))


def calibration(seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """Shuffles of a 52-card list per second of `clock` (the wall's; time.process_time for
    a second of this process's CPU, which a machine busy with other work does not shorten)."""
    deck, rng, count = list(range(52)), random.Random(1), 0
    start = clock()
    while clock() - start < seconds:
        for _ in range(1000):
            rng.shuffle(deck)
        count += 1000
    return count / (clock() - start)


def playouts(
    game: str, players: int, seconds: float, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """Random games until `seconds` of `clock` pass: games and deals per second, µs per move."""
    rules = make_rules(game, players)
    rng = random.Random(7)
    games = deals = moves = 0
    start = clock()
    while clock() - start < seconds:
        state = new_game(rules, seed=games)
        while not state.over:
            actions = legal_actions(state, resign_too=False)
            state = apply(state, actions[int(rng.random() * len(actions))])
            moves += 1
        games += 1
        deals += len(state.history)
    elapsed = clock() - start
    return {"games": games / elapsed, "deals": deals / elapsed, "move": elapsed / moves * 1e6}


def step_time(
    game: str, players: int, count: int = 200, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Mean µs of one `legal_actions` + one `apply`, timed over recorded positions."""
    rules = make_rules(game, players)
    rng = random.Random(11)
    positions = []
    for seed in range(count):
        state = new_game(rules, seed=seed)
        while not state.over:
            action = rng.choice(legal_actions(state, resign_too=False))
            positions.append((state, action))
            state = apply(state, action)
    start = clock()
    for state, action in positions:
        legal_actions(state)
        apply(state, action)
    return (clock() - start) / len(positions) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU")
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose engine runs")
    args = parser.parse_args()
    seconds, clock = args.seconds, time.process_time if args.cpu else time.perf_counter
    shuffles = calibration(seconds / 2, clock)
    unit = "CPU second" if args.cpu else "second"
    print(f"engine of {args.root.resolve()}")
    print(f"calibration: {shuffles:,.0f} shuffles of 52 cards per {unit}")
    print(f"{'game':<14}{'games/s':>9}{'deals/s':>9}{'µs/move':>9}{'µs/step':>9}", end="")
    print(f"{'games/kshuf':>13}{'deals/kshuf':>13}{'step×shuf/s':>13}")
    for game, players in CASES:
        r = playouts(game, players, seconds, clock)
        step = step_time(game, players, clock=clock)
        print(
            f"{f'{game} ({players}p)':<14}{r['games']:>9,.0f}{r['deals']:>9,.0f}"
            f"{r['move']:>9.2f}{step:>9.2f}{r['games'] / shuffles * 1000:>13.1f}"
            f"{r['deals'] / shuffles * 1000:>13.1f}{step * 1e-6 * shuffles:>13.3f}"
        )
    print(
        "µs/move: a whole random playout divided by its moves (deals, tricks and choice included)"
    )
    print("µs/step: one legal_actions (resign included) + one apply, on recorded positions")
    print("/kshuf: per 1,000 calibration shuffles; step×shuf/s: a step in calibration shuffles")


if __name__ == "__main__":
    main()
