"""Fair-play detection, measured (docs/fairplay.md §4): games where one seat cheats among
honest bots of a level, judged as the site judges them (fairplay.hidden, fairplay.soft_play,
thresholds of fairplay.rules), printing the detection rate after N games, the false-flag
rate of the honest seats over the same games, the honest baseline per level, and the
solver's cost per game in calibration units (bench/engine.py's 52-card shuffles).

- `--cheat seer`: seat 0 sees every hand and plays the exact search's best card where it
  answers (fairplay.cheats.seer_card), the bot of its level elsewhere. Each career is a run
  of N games; a career is detected once its sums pass the hidden-card rule.
- `--cheat team`: Knockout Whist seats 0 and 1 share their hands and never take a trick from
  each other when they could leave it (fairplay.cheats.team_card).

Figures are printed, never asserted. Run:
`.venv/bin/python bench/fairplay.py --cheat seer --level expert --games 30 --careers 4`
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import calibration  # noqa: E402
from fairplay import cheats, hidden, rules, soft_play  # noqa: E402
from games.engine.record import to_record  # noqa: E402
from games.engine.record_check import check  # noqa: E402

Sums = list[float]  # positions, matched, expected, variance


def one_game(args: tuple[str, str, int, str, int]) -> dict:
    """Play and judge one game; per seat its sums, the pairs' soft-play counts, the cost."""
    game, level, players, cheat, seed = args
    seer = 0 if cheat == "seer" else -1
    team = (0, 1) if cheat == "team" else None
    start = time.process_time()
    state = cheats.play(game, players, [level] * players, seed, seer=seer, team=team)
    played = time.process_time()
    replay = check(to_record(state))
    found = hidden.game_hidden(replay, set(range(players)))
    pairs = soft_play.game_soft(replay)
    sums = {
        s: [len(ps), sum(p.matched for p in ps), sum(p.share for p in ps),
            sum(p.share * (1 - p.share) for p in ps)]
        for s, ps in found.positions.items()
    }  # fmt: skip
    return {"seed": seed, "sums": sums, "pairs": pairs, "nodes": found.nodes,
            "play": played - start, "judge": time.process_time() - played}  # fmt: skip


def add(total: Sums, more: Sums) -> Sums:
    return [a + b for a, b in zip(total, more, strict=True)]


def flagged(s: Sums) -> bool:
    return rules.hidden_flagged(int(s[0]), int(s[1]), s[2], s[3])


def pair_flagged(games: list[dict], a: int, b: int) -> bool:
    pair, rest = [0, 0], [0, 0]
    for g in games:
        for (x, y), (chances, spared) in g["pairs"].items():
            if x not in (a, b):
                continue
            into = pair if {x, y} == {a, b} else rest
            into[0], into[1] = into[0] + chances, into[1] + spared
    return rules.soft_flagged(len(games), (pair[0], pair[1]), (rest[0], rest[1]))


def report(results: list[list[dict]], cheat: str, players: int, checkpoints: list[int]) -> None:
    """Per checkpoint: careers detected, honest seats flagged; the honest baseline."""
    honest = range(1, players) if cheat == "seer" else range(2, players)
    for n in checkpoints:
        detected = false = seats = 0
        for career in results:
            games = career[:n]
            if cheat == "seer":
                total = [0.0] * 4
                for g in games:
                    total = add(total, g["sums"][0])
                detected += flagged(total)
            else:
                detected += pair_flagged(games, 0, 1)
            for s in honest:
                total = [0.0] * 4
                for g in games:
                    total = add(total, g["sums"][s])
                false += flagged(total)
                seats += 1
            if cheat == "team":
                false += pair_flagged(games, 2, 3) if players >= 4 else 0
        print(f"after {n:4d} games: cheaters flagged {detected}/{len(results)}"
              f" ({100 * detected / len(results):.0f}%), honest seats flagged {false}/{seats}"
              f" ({100 * false / max(seats, 1):.1f}%)")  # fmt: skip
    everything = [g for career in results for g in career]
    base = [0.0] * 4
    for g in everything:
        for s in honest:
            base = add(base, g["sums"][s])
    cheat_sums = [0.0] * 4
    for g in everything:
        cheat_sums = add(cheat_sums, g["sums"][0])
    for label, s in (("honest seats", base), ("seat 0", cheat_sums)):
        excess = (s[1] - s[2]) / s[0] if s[0] else 0.0
        print(f"{label}: {int(s[0])} positions judged, {int(s[1])} best cards matched,"
              f" {s[2]:.1f} explained by the view: excess {excess:+.3f} per position"
              f" ({len(everything)} games,"
              f" {s[0] / max(len(everything), 1):.2f} positions a game)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cheat", choices=("seer", "team"), default="seer")
    parser.add_argument("--game", choices=hidden.GAMES, default="knockout")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", choices=("beginner", "club", "expert"), default="expert")
    parser.add_argument("--games", type=int, default=30, help="games per career (N)")
    parser.add_argument("--careers", type=int, default=4, help="cheaters, each N games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.cheat == "team" and args.game != "knockout":
        parser.error("--cheat team is a Knockout Whist cheat")
    shuffles = calibration(0.5)
    work = [(args.game, args.level, args.players, args.cheat, args.seed * 100_000 + c * 1000 + g)
            for c in range(args.careers) for g in range(args.games)]  # fmt: skip
    start = time.perf_counter()
    with get_context("fork").Pool(args.jobs) as pool:
        done = pool.map(one_game, work, chunksize=1)
    wall = time.perf_counter() - start
    results = [done[c * args.games : (c + 1) * args.games] for c in range(args.careers)]
    print(f"{args.cheat} at seat 0, {args.game} for {args.players}, {args.level} bots elsewhere;"
          f" {args.careers} careers of {args.games} games; thresholds z >= {rules.Z_HIDDEN},"
          f" >= {rules.MIN_POSITIONS} positions (pairs: z >= {rules.Z_SOFT},"
          f" >= {rules.MIN_MEETINGS} games)")  # fmt: skip
    print(f"calibration: {shuffles:,.0f} shuffles of 52 cards per second")
    steps = sorted({n for n in (5, 10, 20, 30, 50, 100, 200, args.games) if n <= args.games})
    report(results, args.cheat, args.players, steps)
    judge = sorted(g["judge"] for g in done)
    nodes = sorted(g["nodes"] for g in done)
    p50, p95 = judge[len(judge) // 2], judge[int(len(judge) * 0.95)]
    play = sorted(g["play"] for g in done)[len(done) // 2]
    print(f"judging a game (every seat): median {p50 * shuffles:,.0f} shuffles"
          f" (p95 {p95 * shuffles:,.0f}), {nodes[len(nodes) // 2]:,} solver positions (max"
          f" {nodes[-1]:,}); playing it: median {play * shuffles:,.0f} shuffles;"
          f" wall {wall:.0f} s with {args.jobs} processes")  # fmt: skip


if __name__ == "__main__":
    main()
