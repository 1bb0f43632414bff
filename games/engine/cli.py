"""The engine's command line: `simulate` writes random games as records, `replay` checks them."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from .record import replay_record
from .rules import GAMES, PRESETS, RulesError, make_rules, parse_option_value
from .simulate import random_game


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m games.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser("simulate", help="write K random games as records, one JSON a line")
    sim.add_argument("--game", required=True, choices=GAMES)
    sim.add_argument("--players", type=int)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--count", type=int, default=1)
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--preset", choices=tuple(PRESETS))
    rep = sub.add_parser("replay", help="check every record of a file against the rules")
    rep.add_argument("file")
    _add_more(sub)
    return parser


def _add_more(sub: Any) -> None:
    """Room for later commands (the bots' arena) without growing `_parser`."""
    arena = sub.add_parser("arena", help="bots play duplicate deals; win rates and decision times")
    arena.add_argument("--game", required=True, choices=GAMES)
    arena.add_argument("--players", type=int)
    arena.add_argument("--bots", required=True, help="one level a seat: beginner,club,expert")
    arena.add_argument("--deals", type=int, default=100)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--jobs", type=int, default=1, help="worker processes")
    arena.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    arena.add_argument("--preset", choices=tuple(PRESETS))


def arena(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .arena import report, run
    from .bots import LEVELS

    bots = [b.strip() for b in args.bots.split(",")]
    try:
        rules = make_rules(args.game, args.players, args.preset, **_options(parser, args.option))
    except RulesError as exc:
        parser.error(str(exc))
    if len(bots) != rules.players or any(b not in LEVELS for b in bots):
        parser.error(f"--bots wants {rules.players} levels, each one of {', '.join(LEVELS)}")
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    tally = run(rules, bots, args.deals, args.seed, args.jobs)
    print("\n".join(report(rules, bots, args.deals, tally)))
    return 0


def _options(parser: argparse.ArgumentParser, pairs: list[str]) -> dict[str, Any]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            parser.error(f"--option wants NAME=VALUE, not {pair!r}")
        options[name.strip()] = parse_option_value(value)
    return options


def simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.count < 0:
        parser.error(f"--count must not be negative, not {args.count}")
    try:
        rules = make_rules(args.game, args.players, args.preset, **_options(parser, args.option))
    except RulesError as exc:
        parser.error(str(exc))
    out = sys.stdout
    for i in range(args.count):
        out.write(json.dumps(random_game(rules, args.seed + i), separators=(",", ":")) + "\n")
    return 0


def replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as handle:
            lines = [line for line in handle if line.strip()]
    except OSError as exc:
        parser.error(f"cannot read {args.file}: {exc.strerror}")
    except UnicodeDecodeError:
        parser.error(f"cannot read {args.file}: not UTF-8 text")
    bad = 0
    for number, line in enumerate(lines, 1):
        try:
            problems = replay_record(json.loads(line))
        except json.JSONDecodeError as exc:
            problems = [f"not JSON: {exc.msg}"]
        except (AttributeError, TypeError):
            problems = ["not a record (a JSON object is expected)"]
        for problem in problems:
            print(f"record {number}: {problem}")
        bad += bool(problems)
    print(f"{len(lines)} records, {len(lines) - bad} agree, {bad} disagree")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    command = {"simulate": simulate, "replay": replay, "arena": arena}[args.command]
    try:
        return command(parser, args)
    except BrokenPipeError:
        return 0
