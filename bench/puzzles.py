"""The puzzle job's selection, measured: games played by bots (every seat the Club player, or
`--level`), cut as the job cuts a stored game (learning.puzzles.cut), printing puzzles kept per
1,000 games, per theme and per kind, and the cost per judged position and per game in
calibration units: bench/engine.py's 52-card shuffles, counted per second of process time
(as the cut is timed), so that a machine loaded by other work reads about the same. Figures
are printed, never asserted.
Run: `.venv/bin/python bench/puzzles.py --games 1000 --jobs 2`
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import apply, make_rules, new_game  # noqa: E402
from games.engine.actions import action_from_event  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402
from games.engine.record import to_record  # noqa: E402
from games.engine.record_check import check  # noqa: E402
from games.engine.views import seat_view  # noqa: E402
from learning.puzzles.cut import cut  # noqa: E402

GAMES = (("knockout", 4), ("whist", 4), ("german", 2))  # played in turn: game i is GAMES[i % 3]


def play(game: str, players: int, level: str, seed: int) -> dict:
    """One whole game between bots of `level`, as a stored record."""
    state = new_game(make_rules(game, players), seed=seed)
    step = 0
    while not state.over:
        view = seat_view(state, state.to_act)
        state = apply(state, action_from_event(choose_action(view, level, seed=seed * 1000 + step)))
        step += 1
    return to_record(state)


def one(args: tuple[str, int, str, int]) -> dict:
    game, players, level, seed = args
    record = play(game, players, level, seed)
    start = time.process_time()
    found, judged = cut(check(record))
    spent = time.process_time() - start
    return {"game": game, "judged": judged, "spent": spent,
            "found": [(p.kind, p.themes, p.tricks_left) for p in found]}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--level", default="club", choices=("beginner", "club", "expert"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    work = [(*GAMES[i % len(GAMES)], args.level, args.seed + i) for i in range(args.games)]
    with get_context("fork").Pool(args.jobs) as pool:
        rows = pool.map(one, work, chunksize=4)
    shuffles = cpu_calibration(1.0)
    report(rows, args, shuffles)


def cpu_calibration(seconds: float) -> float:
    """Shuffles of a 52-card list per second of this process's CPU time."""
    deck, rng, count = list(range(52)), random.Random(1), 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            rng.shuffle(deck)
        count += 1000
    return count / (time.process_time() - start)


def report(rows: list[dict], args: argparse.Namespace, shuffles: float) -> None:
    per_game, themes, kinds, depth = Counter(), Counter(), Counter(), Counter()
    judged = sum(r["judged"] for r in rows)
    spent = sum(r["spent"] for r in rows)
    for row in rows:
        per_game[row["game"]] += len(row["found"])
        for kind, found_themes, left in row["found"]:
            kinds[kind] += 1
            depth[left] += 1
            themes.update(found_themes or ("(none)",))
    kept = sum(per_game.values())
    n = len(rows)
    print(f"games: {n} ({args.level} bots; knockout, whist, german in turn), seed {args.seed}")
    print(f"calibration: {shuffles:,.0f} shuffles of 52 cards per CPU second")
    print(f"puzzles kept: {kept} ({1000 * kept / n:.0f} per 1,000 games)")
    for game, count in sorted(per_game.items()):
        games = sum(1 for r in rows if r["game"] == game)
        print(f"  {game}: {count} from {games} games ({1000 * count / games:.0f} per 1,000)")
    print("per kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print("per theme: " + ", ".join(f"{k} {v}" for k, v in themes.most_common()))
    print("tricks left: " + ", ".join(f"{k}: {v}" for k, v in sorted(depth.items())))
    print(f"positions judged by the solver: {judged} ({judged / n:.1f} per game)")
    per_position = spent / max(judged, 1) * shuffles
    print(f"cost: {per_position:,.0f} shuffles per judged position, "
          f"{spent / n * shuffles:,.0f} per game (process time of the cut alone)")  # fmt: skip


if __name__ == "__main__":
    main()
