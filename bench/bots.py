"""Bot decision speed on one core: forced moves, Beginner, Club, Expert, and the exact solver.

Positions come from games played by Club bots (every game, first Whist hands included);
each level then decides on the same seat views. Figures are printed, never asserted.
Run: `.venv/bin/python bench/bots.py [--positions N]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import action_from_event, apply, make_rules, new_game  # noqa: E402
from games.engine.arena import percentile  # noqa: E402
from games.engine.bots import choose_action, expert, forced  # noqa: E402
from games.engine.solvers.two_hand import Solver  # noqa: E402
from games.engine.state import State  # noqa: E402
from games.engine.views import seat_view  # noqa: E402

CASES = (("knockout", 4), ("knockout", 7), ("whist", 4), ("german", 2))


def views(game: str, players: int, games: int, seed: int) -> list[dict]:
    """Every decision's seat view in `games` games played by Club bots."""
    out = []
    for i in range(games):
        state = new_game(make_rules(game, players), seed=seed + i)
        while not state.over and not (game == "whist" and state.deal_no > 0):
            view = seat_view(state, state.to_act)
            out.append(view)
            state = apply(state, action_from_event(choose_action(view, "club", i)))
    return out


def timed(view: dict, level: str) -> tuple[float, float]:
    """(wall, cpu) seconds of one decision."""
    wall, cpu = time.perf_counter(), time.process_time()
    choose_action(view, level, seed=1)
    return time.perf_counter() - wall, time.process_time() - cpu


def line(name: str, seconds: list[float]) -> str:
    ms = [1000 * s for s in seconds]
    return (
        f"{name:34s} n={len(ms):5d}  median {percentile(ms, 0.5):7.2f} ms"
        f"  p95 {percentile(ms, 0.95):7.2f} ms"
        f"  max {max(ms, default=0):7.2f} ms"
    )


def bench_levels(positions: int) -> None:
    rng = random.Random(3)
    for game, players in CASES:
        pool = views(game, players, 12 if game != "whist" else 6, seed=100)
        free = [v for v in pool if not forced(v)]
        print(
            line(
                f"{game}-{players} forced moves (expert)",
                [timed(v, "expert")[0] for v in pool if forced(v)],
            )
        )
        for level in ("beginner", "club"):
            print(line(f"{game}-{players} {level}", [timed(v, level)[0] for v in free]))
        picked = rng.sample(free, min(positions, len(free)))
        if game == "whist":  # a full 13-card hand on the first trick, every seat
            picked += [v for v in free if len(v["hands"][v["viewer"]]) == 13]
        _expert(f"{game}-{players}", picked)


def _expert(name: str, picked: list[dict]) -> None:
    walls, cpus, rates = [], [], []
    for view in picked:
        expert.STATS.update(samples=0, playouts=0, seconds=0.0)
        wall, cpu = timed(view, "expert")
        walls.append(wall)
        cpus.append(cpu)
        if expert.STATS["seconds"] > 0.8 * expert.BUDGET:  # sampled until the budget ran out
            rates.append(expert.STATS["playouts"] / expert.STATS["seconds"] * 0.2)
    print(line(f"{name} expert", walls))
    mean_cpu = 1000 * sum(cpus) / max(1, len(cpus))
    print(f"{'':34s} mean cpu {mean_cpu:6.1f} ms; playouts per 200 ms (budget-bound decisions, "
          f"n={len(rates)}): median {percentile(rates, 0.5):.0f}")  # fmt: skip


def move_values(state: State, view: dict) -> dict[int, int]:
    """Each legal card's exact trick value for the seat to play (German second half)."""
    me, opp = state.hands[state.to_act], state.hands[1 - state.to_act]
    solver = Solver(state.trump)
    cards = [action_from_event(e).card for e in view["legal"]]
    if state.trick:
        led = state.trick[0][1]
        return {c: solver.follow_value(opp | 1 << led, me, led, c) for c in cards}
    return {c: solver.lead_value(me, opp, c) for c in cards}


def bench_solver(games: int) -> None:
    """The exact solver on German Whist second halves: 13 against 13, then the Expert's moves
    (each checked against every card's exact value)."""
    starts, moves, checked, wrong = [], [], 0, 0
    for i in range(games):
        state = new_game(make_rules("german"), seed=500 + i)
        while not state.over:
            view = seat_view(state, state.to_act)
            if state.half == 2 and not state.trick_log[13:] and not state.trick:
                start = time.perf_counter()
                Solver(state.trump).value(state.hands[state.to_act], state.hands[1 - state.to_act])
                starts.append(time.perf_counter() - start)
            level = "expert" if state.half == 2 else "club"
            start = time.perf_counter()
            event = choose_action(view, level, i)
            if state.half == 2 and not forced(view):
                moves.append(time.perf_counter() - start)  # the first call: no table hit yet
                values = move_values(state, view)
                checked += 1
                wrong += values[action_from_event(event).card] != max(values.values())
            state = apply(state, action_from_event(event))
    print(line("german solver, whole second half", starts))
    print(line("german expert, second-half moves", moves))
    print(f"german expert, second-half moves not optimal: {wrong} of {checked}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=60, help="Expert positions per game")
    parser.add_argument("--solver-games", type=int, default=100)
    args = parser.parse_args()
    bench_levels(args.positions)
    bench_solver(args.solver_games)


if __name__ == "__main__":
    main()
