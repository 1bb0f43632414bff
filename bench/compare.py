"""Engine and bot speed of this checkout against another (say main), in one process, alternating.

Both copies of `games.engine` are loaded side by side; each workload runs on one, then the
other (the order swapped every round), timed in CPU time so that other processes on the
machine count less, and the best of the rounds is kept. Each figure is also divided by a
calibration (`random.shuffle` of 52 cards) measured the same way.
Run: `git worktree add --detach /tmp/before main` then
`.venv/bin/python bench/compare.py --before /tmp/before [--rounds 11]`.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def load(path: Path) -> dict[str, ModuleType]:
    """The engine modules of the checkout at `path`, under their usual names."""
    for name in [n for n in sys.modules if n == "games" or n.startswith("games.")]:
        del sys.modules[name]
    sys.path.insert(0, str(path))
    names = ("", ".views", ".bots", ".bots.playout", ".bots.expert", ".bots.seen")
    mods = {n.lstrip(".") or "engine": importlib.import_module("games.engine" + n) for n in names}
    sys.path.remove(str(path))
    return mods


def playouts(m: dict[str, ModuleType], game: str, players: int, games: int) -> int:
    """Random games through the public API; the number of moves."""
    e = m["engine"]
    rules, rng, moves = e.make_rules(game, players), random.Random(7), 0
    for seed in range(games):
        state = e.new_game(rules, seed=seed)
        while not state.over:
            state = e.apply(state, rng.choice(e.legal_actions(state, resign_too=False)))
            moves += 1
    return moves


def bot_playouts(m: dict[str, ModuleType], count: int) -> int:
    """The bots' bit-mask playouts of whole deals of four hands."""
    rng = random.Random(3)
    for i in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[k * 13 : (k + 1) * 13]) for k in range(4)]
        m["bots.playout"].playout(hands, i % 5, [], i % 4, [2, 3, 0, 1], [])
    return count


def club_decisions(m: dict[str, ModuleType], game: str, players: int, games: int) -> int:
    """Club player decisions from seat views (Whist: first hands), view building included."""
    e, decisions = m["engine"], 0
    for seed in range(games):
        state, step = e.new_game(e.make_rules(game, players), seed=seed), 0
        while not state.over and not (game == "whist" and state.deal_no > 0):
            event = m["bots"].choose_action(m["views"].seat_view(state, state.to_act), "club", step)
            state = e.apply(state, e.action_from_event(event))
            step, decisions = step + 1, decisions + 1
    return decisions


def expert_playouts(m: dict[str, ModuleType], game: str, players: int, games: int) -> int:
    """The Expert's sampled playouts, 16 samples a decision (no time budget)."""
    e, ex = m["engine"], m["bots.expert"]
    ex.BUDGET, ex.MIN_SAMPLES, ex.MAX_SAMPLES = 1e9, 16, 16
    count = 0
    for seed in range(games):
        state, step = e.new_game(e.make_rules(game, players), seed=100 + seed), 0
        while not state.over and step < 12:
            view = m["views"].seat_view(state, state.to_act)
            if state.phase == "play" and not m["bots"].forced(view):
                seen = m["bots.seen"].read(view)
                moves = ex.candidates(seen)
                if len(moves) > 1:
                    ex.sample_and_play(seen, moves, random.Random(step))
                    count += 16 * len(moves)
            event = m["bots"].choose_action(view, "club", seed=step)
            state, step = e.apply(state, e.action_from_event(event)), step + 1
    return count


def calibration(m: dict[str, ModuleType]) -> int:
    deck, rng = list(range(52)), random.Random(1)
    for _ in range(3000):
        rng.shuffle(deck)
    return 3000


Work = Callable[[dict[str, ModuleType]], int]
WORK: list[tuple[str, Work]] = [
    ("knockout-4 random playouts, a move", lambda m: playouts(m, "knockout", 4, 60)),
    ("whist random playouts, a move", lambda m: playouts(m, "whist", 4, 20)),
    ("german random playouts, a move", lambda m: playouts(m, "german", 2, 60)),
    ("bot playouts, a deal of 4 hands", lambda m: bot_playouts(m, 300)),
    ("club decisions, knockout-4", lambda m: club_decisions(m, "knockout", 4, 4)),
    ("club decisions, whist first hand", lambda m: club_decisions(m, "whist", 4, 2)),
    ("expert playouts, whist", lambda m: expert_playouts(m, "whist", 4, 2)),
    ("expert playouts, knockout-4", lambda m: expert_playouts(m, "knockout", 4, 2)),
    ("calibration, a 52-card shuffle", calibration),
]


def measure(sides: dict[str, dict[str, ModuleType]], rounds: int) -> dict[Any, float]:
    """The best CPU time per unit of each workload on each side."""
    best: dict[Any, float] = {}
    for r in range(rounds):
        for name, work in WORK:
            for side in sides if r % 2 == 0 else reversed(list(sides)):
                start = time.process_time()
                units = work(sides[side])
                spent = (time.process_time() - start) / units
                best[name, side] = min(best.get((name, side), spent), spent)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", type=Path, required=True, help="the other checkout")
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args()
    sides = {"before": load(args.before.resolve()), "this": load(HERE)}
    best = measure(sides, args.rounds)
    cal = {side: best[WORK[-1][0], side] for side in sides}
    print(f"best of {args.rounds} alternating rounds, CPU µs per unit; /cal: in calibration units")
    print(f"{'workload':36}{'before':>9}{'this':>9}{'before/cal':>12}{'this/cal':>10}{'ratio':>8}")
    for name, _ in WORK:
        a, b = best[name, "before"], best[name, "this"]
        print(
            f"{name:36}{a * 1e6:>9.2f}{b * 1e6:>9.2f}{a / cal['before']:>12.3f}"
            f"{b / cal['this']:>10.3f}{(b / cal['this']) / (a / cal['before']):>8.3f}"
        )
    print("ratio: this/cal over before/cal; below 1 is faster than before")


if __name__ == "__main__":
    main()
