"""Capacity in one figure: the most moves per second D Daphne processes carry with the p99
of a move (act -> every seat's new state) under a limit, on this machine.

Each step is one bench/load.py run (its own stack: Redis, database, worker, Daphnes) of N
tables of four humans, each moving `--think` seconds after its turn comes; N grows by
`--factor` while the p99 stays under `--limit` ms, then is bisected once between the last
step that held and the first that did not. Printed, never asserted: each step's moves/s,
p99 and calibration, the bench's own clients' CPU ms per move and their failed handshakes
(each tried again, as a page does), and the capacity with the calibration of its run, so
that a figure from a busy hour compares with a quiet one (docs/benchmarks.md).
Run: `.venv/bin/python bench/load_capacity.py [--daphne 2] [--start 50] [--seconds 20]`.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from arguments import Parser, whole_number

HERE = Path(__file__).resolve().parent
SITE = re.compile(r"^site\s+(\d+)\s+([\d.]+)\s+\S+\s+\S+\s+(\S+)", re.M)
CALIBRATION = re.compile(r"calibration shuffles \(([\d,]+) per second")
CLIENTS = re.compile(r"the bench's clients ([\d.]+)")
HANDSHAKES = re.compile(r"'connect: [^']*': (\d+)")  # failed handshakes (bench/load_clients.py)


def step(tables: int, args: argparse.Namespace) -> tuple[float, float, float, str] | None:
    """(moves/s, p99 ms, calibration, what the bench's own clients did) of one load.py run of
    `tables` tables; None if it printed no figures (it failed: its output is shown)."""
    command = [sys.executable, str(HERE / "load.py"), "--tables", str(tables), "--daphne",
               str(args.daphne), "--seconds", str(args.seconds), "--think", str(args.think),
               "--no-bare"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    site, calibration = SITE.search(done.stdout), CALIBRATION.search(done.stdout)
    if site is None or calibration is None or site.group(3) == "-":
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n", file=sys.stderr)
        return None
    shuffles = float(calibration.group(1).replace(",", ""))
    clients = CLIENTS.search(done.stdout)
    failed = sum(int(n) for n in HANDSHAKES.findall(done.stdout))
    own = f"{clients.group(1) if clients else '-':>8}{failed:>11}"
    return float(site.group(2)), float(site.group(3)), shuffles, own


def main() -> None:
    parser = Parser(description=__doc__)
    parser.add_argument("--daphne", type=whole_number(1), default=2)
    parser.add_argument("--start", type=whole_number(1), default=50, help="tables at first")
    parser.add_argument("--factor", type=float, default=1.5, help="growth per step")
    parser.add_argument("--limit", type=float, default=100.0, help="p99 limit, ms")
    parser.add_argument("--seconds", type=whole_number(5), default=20, help="per step")
    parser.add_argument("--think", type=float, default=2.0, help="seconds before a move")
    parser.add_argument("--steps", type=whole_number(1), default=6, help="at most")
    args = parser.parse_args()
    if args.factor <= 1.0:
        parser.error("--factor must be over 1")
    held: tuple[int, float, float] | None = None  # tables, moves/s, calibration
    failed: int | None = None
    tables = args.start
    print(f"{'tables':>7}{'moves/s':>9}{'p99 ms':>8}{'calibration':>13}{'clients':>8}"
          f"{'handshakes':>11}  load average")  # fmt: skip
    for _ in range(args.steps):
        result = step(tables, args)
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        if result is None:
            sys.exit(f"load_capacity.py: the run of {tables} tables printed no figures")
        rate, p99, shuffles, own = result
        print(f"{tables:>7}{rate:>9.1f}{p99:>8.0f}{shuffles:>13,.0f}{own}  {load}", flush=True)
        if p99 < args.limit:
            if held is None or rate > held[1]:
                held = (tables, rate, shuffles)
            if failed is not None and tables + 1 >= failed:
                break
            tables = (tables + failed) // 2 if failed else int(tables * args.factor) + 1
        else:
            failed = tables
            if held is None:
                tables = max(1, int(tables / args.factor))
            elif held[0] + 1 >= failed:
                break
            else:
                tables = (held[0] + failed) // 2
    if held is None:
        print(f"capacity: none found (every step's p99 was {args.limit:g} ms or more)")
        return
    tables, rate, shuffles = held
    print(f"capacity: {rate:.1f} moves/s on {args.daphne} Daphne at p99 < {args.limit:g} ms "
          f"({tables} tables), calibration {shuffles:,.0f} shuffles/s: "
          f"{rate / shuffles * 1e5:.1f} moves/s per 100,000 shuffles/s")  # fmt: skip


if __name__ == "__main__":
    main()
