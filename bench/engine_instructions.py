"""Engine cost in machine instructions per game, which the machine's load does not change.

bench/engine.py's random-playout loop (the same choices, seeds from 0) under callgrind for
a fixed number of games: `WARM` games first, uncounted, so that the caches a long run keeps
(a suit's plays, the dealing orders) are as full as in bench/engine.py's thousands of games;
then the games counted, run inside `functools.reduce`, the one C function callgrind counts
in (--toggle-collect). Needs valgrind. Run: `.venv/bin/python bench/engine_instructions.py
[--games 100 20 60] [--root DIR]` (0 games: that game is not measured; --root: the engine of
another checkout, e.g. main's, beside this one's).

It also counts bench/engine.py's calibration, `random.shuffle` of 52 cards (`SHUFFLES` of
them after as many uncounted), and prints games per 1,000 shuffles in instructions, the
machine-independent form of bench/engine.py's games/kshuf, and the instructions a game that
`--goal` games/kshuf (issue 43: 26) would take at a wall-clock/instructions ratio `--ratio`
(how bench/engine.py's timed games/kshuf compares with the instructions' on a machine:
docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from functools import reduce
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = (("knockout", 4), ("whist", 4), ("german", 2))
WARM = 200
SHUFFLES = 10_000


def play(game: str, players: int, count: int) -> None:
    """bench/engine.py's playouts loop: `WARM` games, then `count` games inside reduce."""
    from games.engine import apply, legal_actions, make_rules, new_game

    rules = make_rules(game, players)
    rng = random.Random(7)

    def one(_: None, seed: int) -> None:
        state = new_game(rules, seed=seed)
        while not state.over:
            actions = legal_actions(state, resign_too=False)
            state = apply(state, actions[int(rng.random() * len(actions))])

    for seed in range(WARM):
        one(None, seed)
    reduce(one, range(WARM, WARM + count), None)


def shuffles(count: int) -> None:
    """bench/engine.py's calibration loop: `count` shuffles, then `count` inside reduce."""
    deck, rng = list(range(52)), random.Random(1)

    def thousand(_: None, __: int) -> None:
        for ___ in range(1000):
            rng.shuffle(deck)

    for i in range(count // 1000):
        thousand(None, i)
    reduce(thousand, range(count // 1000), None)


def instructions(root: Path, game: str, players: int, count: int) -> int:
    """Instructions of `count` games after the warm ones (game "shuffle": of `count`
    calibration shuffles), under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            "--collect-atstart=no", "--toggle-collect=functools_reduce",
            sys.executable, __file__, "--play", game, str(players), str(count),
        ]  # fmt: skip
        env = {**os.environ, "PYTHONHASHSEED": "0", "ENGINE_ROOT": str(root)}
        subprocess.run(command, env=env, check=True, capture_output=True)
        found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        assert found, "no totals in callgrind's output"
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs=3, default=(100, 20, 60), metavar="N",
                        help="games counted: Knockout 4p, Whist, German Whist")  # fmt: skip
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose engine runs")
    parser.add_argument("--goal", type=float, default=26.0, help="Knockout games/kshuf")
    parser.add_argument("--ratio", type=float, nargs="*", default=(0.55, 0.66),
                        help="bench/engine.py's games/kshuf over the instructions'")  # fmt: skip
    parser.add_argument("--play", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        if args.play[0] == "shuffle":
            shuffles(int(args.play[2]))
            return
        sys.path.insert(0, os.environ["ENGINE_ROOT"])
        play(args.play[0], int(args.play[1]), int(args.play[2]))
        return
    shuffle = instructions(args.root, "shuffle", 0, SHUFFLES) / SHUFFLES
    print(f"calibration: {shuffle:,.0f} instructions a shuffle of 52 cards ({SHUFFLES:,})")
    print(f"engine of {args.root.resolve()}; instructions per game, seeds from {WARM} on")
    for (game, players), count in zip(CASES, args.games, strict=True):
        if count:
            game_cost = instructions(args.root, game, players, count) / count
            print(
                f"{game} ({players}p): {game_cost:,.0f} per game ({count} games), "
                f"{1000 * shuffle / game_cost:.1f} games per 1,000 shuffles in instructions"
            )
            if game == "knockout":
                for ratio in args.ratio:
                    goal = 1000 * shuffle * ratio / args.goal
                    print(
                        f"  {args.goal:g} games/kshuf at a ratio of {ratio:g}: "
                        f"{goal:,.0f} instructions a game or fewer"
                    )


if __name__ == "__main__":
    main()
