"""A move's instructions in Daphne by thread, the site's and the bare relay's, under
bench/load.py's clients: the load-independent side of load.py's CPU per move.

bench/load.py's run (`--daphne 1`: one Daphne, under `valgrind --tool=callgrind
--separate-threads=yes --instr-atstart=no`, so that it starts at a few times its speed and
counts nothing until the measured window), then its bare relay's, each Daphne counting only
its window (`callgrind_control -i on` and `-z` as it opens, `-d` as it closes). The site's
Daphne serves bench/gated_asgi.py's application: every `move_play` inside
`functools.reduce` and every `broadcast.send` inside `operator.call`, whose inclusive
counts are their instructions. Printed per move (the moves load.py counted in the window):
the event loop thread's instructions, the other threads' (and of them `move_play`'s and the
sends', per call), for the site and for the bare relay, and the site over the bare relay.

Callgrind makes a Daphne some 20-50 times slower: keep the load light (the default is 8
tables, about 3 moves a second), the window long enough for a hundred moves or more, and
expect the sockets to open slowly. The CPU figures load.py prints of such a run are the
valgrind's; the instructions are the figures to read. Printed, never asserted.

Run: `.venv/bin/python bench/load_instructions.py [--tables 8] [--seconds 60] [load.py's other
options]` (`--daphne` is always 1).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent)]

import load  # noqa: E402
import load_stack  # noqa: E402
from load_clients import Stats  # noqa: E402

GATES = {"functools_reduce": "move_play", "_operator_call": "send"}
_started = {"calls": 0}


def _spawn(self: Any, command: list[str], log: str) -> Any:
    """Stack._spawn, with a Daphne under callgrind (and the site's on the gated application)."""
    if command[1:3] == ["-m", "daphne"]:
        if command[-1] == "whistsite.asgi:application":
            command = [*command[:-1], "bench.gated_asgi:application"]
        out = Path(self.tmp).parent / ("bare" if self.bare else "site")
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--separate-threads=yes",
                   f"--callgrind-out-file={out}.%p", *command]  # fmt: skip
    return _own_spawn(self, command, log)


def _wait_port(port: int, process: Any, what: str, seconds: float = 60.0) -> None:
    _own_wait(port, process, what, 900.0)  # a Daphne under valgrind takes minutes to listen


def _thread_cpu(processes: list[Any]) -> list[float]:
    """load.py reads the threads' CPU as its window opens and as it closes: the counts too."""
    _started["calls"] += 1
    opening = _started["calls"] % 2 == 1
    for process in processes:
        steps = (["-i", "on"], ["-z"]) if opening else (["-d"], ["-i", "off"])
        for step in steps:
            subprocess.run(["callgrind_control", *step, str(process.pid)],
                           stdout=subprocess.DEVNULL, check=False)  # fmt: skip
    return _own_thread_cpu(processes)


_own_spawn, _own_wait, _own_thread_cpu = (
    load_stack.Stack._spawn, load_stack.wait_port, load_stack.thread_cpu,
)  # fmt: skip


def counts(folder: Path, kind: str) -> dict[str, Any]:
    """The window's dump of the `kind` Daphne: instructions of its main thread, of its other
    threads, and each gate's inclusive instructions and calls."""
    parts = sorted(folder.glob(f"{kind}.*.1-*"))
    if not parts:
        raise SystemExit(f"load_instructions.py: no callgrind dump of the {kind} Daphne")
    found: dict[str, Any] = {"main": 0, "other": 0, **{g: [0, 0] for g in GATES}}
    for part in parts:
        text = part.read_text(errors="replace")
        total = int(re.search(r"^totals: (\d+)", text, re.M).group(1))  # type: ignore[union-attr]
        found["main" if part.name.endswith("-01") else "other"] += total
        named = _named(text)
        for gate in GATES:
            calls = re.findall(rf"^cfn=\(\d+\) {gate}\ncalls=(\d+)", named, re.M)
            found[gate][1] += sum(int(n) for n in calls)
        annotated = subprocess.run(
            ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(part)],
            capture_output=True, text=True, check=False,
        ).stdout  # fmt: skip
        for gate in GATES:
            line = re.search(rf"^\s*([\d,]+) \([^)]*\)\s+\S*:{gate} ", annotated, re.M)
            if line:
                found[gate][0] += int(line.group(1).replace(",", ""))
    return found


def _named(text: str) -> str:
    """The dump with each compressed function name `(id)` written out, so that a call to the
    gate can be found by its name."""
    names = dict(re.findall(r"^c?fn=\((\d+)\) (.+)$", text, re.M))
    return re.sub(r"^cfn=\((\d+)\)$", lambda m: f"cfn=({m.group(1)}) {names.get(m.group(1), '')}",
                  text, flags=re.M)  # fmt: skip


def main() -> None:
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        raise SystemExit("load_instructions.py: valgrind (callgrind) not found")
    load_stack.Stack._spawn, load_stack.wait_port = _spawn, _wait_port
    load_stack.thread_cpu = load.thread_cpu = _thread_cpu
    sys.argv[1:] = [*sys.argv[1:], "--daphne", "1"]
    if "--tables" not in sys.argv:
        sys.argv += ["--tables", "8"]
    if "--seconds" not in sys.argv:
        sys.argv += ["--seconds", "60"]
    args = load.arguments()
    with tempfile.TemporaryDirectory(prefix="load-instructions-") as folder:
        tempfile.tempdir = folder  # the stacks' own folders go in it, the dumps beside them
        site_stats, bare_stats = Stats(), Stats()
        load.measured(args, site_stats)
        load.measured(args, bare_stats, bare_size=site_stats.frame_size())
        tempfile.tempdir = None
        site, bare = counts(Path(folder), "site"), counts(Path(folder), "bare")
    report(site, site_stats.moves, bare, bare_stats.moves)
    for name, stats in (("site", site_stats), ("bare", bare_stats)):
        print(f"{name}: errors {dict(stats.errors) or 'none'}; unexpected closes "
              f"{dict(stats.closed) or 'none'}; gaps {stats.gaps}")  # fmt: skip


def report(site: dict[str, Any], site_moves: int, bare: dict[str, Any], bare_moves: int) -> None:
    def per(value: int, moves: int) -> str:
        return f"{value / max(moves, 1):,.0f}"

    print(f"\nload_instructions.py: instructions a move in Daphne (callgrind), {site_moves} site "
          f"moves and {bare_moves} bare relay moves in the windows")  # fmt: skip
    for name, found, moves in (("site", site, site_moves), ("bare", bare, bare_moves)):
        whole = found["main"] + found["other"]
        print(f"{name}: all threads {per(whole, moves)}; event loop {per(found['main'], moves)}; "
              f"other threads {per(found['other'], moves)}")  # fmt: skip
    for gate, label in GATES.items():
        spent, calls = site[gate]
        print(f"site {label}: {calls} calls, {per(spent, calls)} a call (inclusive)")
    inside = site["functools_reduce"][0]
    print(f"site other threads outside move_play: {per(site['other'] - inside, site_moves)} a move")
    site_all = (site["main"] + site["other"]) / max(site_moves, 1)
    bare_all = (bare["main"] + bare["other"]) / max(bare_moves, 1)
    print(f"the site over the bare relay: {site_all / max(bare_all, 1):.2f}x")


if __name__ == "__main__":
    main()
