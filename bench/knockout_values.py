"""Measure Knockout Whist's win chances by round and write games/engine/bots/knockout_table.py.

Club bots play Classic games with 2-7 players; at the first card of every round each seat
still in is noted with (hand size, players still in, role: 0 plain, 1 chose trump, 2 on a
dog's life), and at the end whether it won. The Expert scores the end of a round by these
chances (games/engine/bots/knockout_value.py).

    .venv/bin/python bench/knockout_values.py --games 10000 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine.actions import action_from_event  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402
from games.engine.engine import apply, new_game  # noqa: E402
from games.engine.rules import make_rules  # noqa: E402
from games.engine.state import PLAY  # noqa: E402
from games.engine.views import seat_view  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "games/engine/bots/knockout_table.py"
Key = tuple[int, int, int]


def play(players: int, seed: int) -> list[tuple[Key, float]]:
    """One Club self-play game: (hand size, players in, role) per seat and round, and its win."""
    s = new_game(make_rules("knockout", players=players), seed=seed)
    marks: list[tuple[Key, int]] = []
    noted = -1
    while not s.over:
        if s.phase == PLAY and s.deal_no != noted and not s.trick and not any(s.tricks):
            noted = s.deal_no
            k = sum(s.active)
            for p in range(players):
                if s.active[p]:
                    role = 2 if p in s.dogs else 1 if p == s.chooser else 0
                    marks.append(((s.hand_size, k, role), p))
        view = seat_view(s, s.to_act)
        s = apply(s, action_from_event(choose_action(view, "club", seed=seed)))
    winners = s.result["winners"]
    return [(key, 1 / len(winners) if p in winners else 0.0) for key, p in marks]


def _batch(args: tuple[int, int, int]) -> dict[Key, list[float]]:
    players, first, count = args
    stats: dict[Key, list[float]] = defaultdict(lambda: [0, 0.0])
    for seed in range(first, first + count):
        for key, won in play(players, seed):
            stats[key][0] += 1
            stats[key][1] += won
    return dict(stats)


def measure(games: int, jobs: int) -> dict[Key, list[float]]:
    work = [(n, 1_000 * n + i, 500) for n in range(2, 8) for i in range(0, games, 500)]
    total: dict[Key, list[float]] = defaultdict(lambda: [0, 0.0])
    with get_context("fork").Pool(jobs) as pool:
        for part in pool.imap_unordered(_batch, work):
            for key, (seen, won) in part.items():
                total[key][0] += seen
                total[key][1] += won
    return dict(total)


def write(stats: dict[Key, list[float]], games: int) -> None:
    lines = [
        '"""Knockout Whist win chances by round: written by bench/knockout_values.py, do not edit.',
        "",
        f"{games} Club self-play games per player count (2-7), Classic rules.",
        "(hand size, players still in, role 0 plain / 1 chose trump / 2 dog's life):",
        "(seats seen, games won).",
        '"""',
        "",
        "TABLE = {",
    ]
    for key in sorted(stats):
        seen, won = stats[key]
        lines.append(f"    {key}: ({int(seen)}, {won:.1f}),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per player count")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.games < 500 or args.jobs < 1:
        parser.error("--games must be at least 500 and --jobs at least 1")
    start = time.perf_counter()
    stats = measure(args.games, args.jobs)
    write(stats, args.games)
    print(
        f"{len(stats)} entries from {6 * args.games} games in {time.perf_counter() - start:.0f} s"
    )
    print(f"wrote {OUT.relative_to(Path.cwd()) if OUT.is_relative_to(Path.cwd()) else OUT}")


if __name__ == "__main__":
    main()
