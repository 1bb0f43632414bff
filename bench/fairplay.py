"""Fair-play detection, measured (docs/fairplay.md §4): games where one seat cheats among
honest bots of a level, judged as the site judges them (fairplay.hidden, fairplay.soft_play,
the rules of fairplay.rules), printing the detection rate after N games, the false-flag
rate of the honest seats over the same games, the honest baseline of the level, and the
cost per game in calibration units (bench/engine.py's 52-card shuffles).

- `--cheat seer`: seat 0 sees every hand and plays the exact search's best card where it
  answers (fairplay.cheats.seer_card), the bot of its level elsewhere. Each career is a run
  of N games; a career is detected once its sums pass the hidden-card rule.
- `--cheat team`: Knockout Whist seats 0 and 1 share their hands and never take a trick from
  each other when they could leave it (fairplay.cheats.team_card).
- `--cheat none`: every seat honest (the baseline of a level).

`--save FILE` appends each game's judged positions (JSON lines); `--load FILE...` reports on
saved games without playing (bench/fairplay_report.py: careers, the bootstrap of honest
careers, the calibration table). Figures are printed, never asserted. Run:
`.venv/bin/python bench/fairplay.py --cheat seer --level expert --games 30 --careers 4`
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import calibration  # noqa: E402
from bench.fairplay_report import report  # noqa: E402
from fairplay import cheats, judge, rules, soft_play  # noqa: E402
from games.engine.record import to_record  # noqa: E402
from games.engine.record_check import check  # noqa: E402


def one_game(args: tuple[str, str, int, str, int, int]) -> dict:
    """Play and judge one game: per seat its positions as [chance, matched], the pairs'
    soft-play counts, the cost in process seconds."""
    game, level, players, cheat, career, seed = args
    seer = 0 if cheat == "seer" else -1
    team = (0, 1) if cheat == "team" else None
    start = time.process_time()
    state = cheats.play(game, players, [level] * players, seed, seer=seer, team=team)
    played = time.process_time()
    replay = check(to_record(state))
    found = judge.game_positions(replay, set(range(players)))
    pairs = soft_play.game_soft(replay)
    seats = {s: [[round(p.chance, 4), int(p.matched)] for p in ps]
             for s, ps in found.positions.items()}  # fmt: skip
    return {"game": game, "level": level, "cheat": cheat, "career": career, "seed": seed,
            "seats": seats, "pairs": [[a, b, *v] for (a, b), v in pairs.items()],
            "nodes": found.nodes, "play": played - start,
            "judge": time.process_time() - played}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cheat", choices=("seer", "team", "none"), default="seer")
    parser.add_argument("--game", choices=judge.GAMES, default="knockout")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", choices=("beginner", "club", "expert"), default="expert")
    parser.add_argument("--games", type=int, default=30, help="games per career (N)")
    parser.add_argument("--careers", type=int, default=4, help="careers of N games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="append each game's positions to this JSON-lines file")
    parser.add_argument("--load", nargs="*", help="report on saved games instead of playing")
    parser.add_argument("--resample", type=int, default=2000,
                        help="careers drawn from the games (honest: --horizon games)")  # fmt: skip
    parser.add_argument("--horizon", type=int, default=200, help="games of a drawn career")
    parser.add_argument("--shift", type=float,
                        help="the honest model's log-odds shift (default: fairplay.rules.SHIFT"
                             " of the game)")  # fmt: skip
    args = parser.parse_args()
    if args.cheat == "team" and args.game != "knockout":
        parser.error("--cheat team is a Knockout Whist cheat")
    shuffles = calibration(0.5)
    print(f"calibration: {shuffles:,.0f} shuffles of 52 cards per second")
    if args.load:
        done = [json.loads(line) for name in args.load for line in Path(name).open()]
        wall = 0.0
    else:
        work = [(args.game, args.level, args.players, args.cheat, c,
                 args.seed * 100_000 + c * 1000 + g)
                for c in range(args.careers) for g in range(args.games)]  # fmt: skip
        start = time.perf_counter()
        done = []
        with get_context("fork").Pool(args.jobs) as pool:
            for g in pool.imap(one_game, work, chunksize=1):
                done.append(g)
                if args.save:
                    with Path(args.save).open("a") as out:
                        out.write(json.dumps(g) + "\n")
        wall = time.perf_counter() - start
    shift = args.shift if args.shift is not None else rules.shift_of(done[0]["game"])
    report(done, args.games, args.resample, args.seed, args.horizon, shift)
    if done and wall:
        judging = sorted(g["judge"] for g in done)
        play = sorted(g["play"] for g in done)[len(done) // 2]
        p50, p95 = judging[len(judging) // 2], judging[int(len(judging) * 0.95)]
        print(f"judging a game (every seat): median {p50 * shuffles:,.0f} shuffles"
              f" (p95 {p95 * shuffles:,.0f}); playing it: median {play * shuffles:,.0f}"
              f" shuffles; wall {wall:.0f} s with {args.jobs} processes")  # fmt: skip


if __name__ == "__main__":
    main()
