"""Daphne with bench/tail_probe.py's probes, for bench/load.py --probe: `python -m
bench.probed_daphne <daphne arguments>`. SIGUSR1 starts a window; SIGUSR2 writes the window's
figures to WHIST_PROBE_DIR/probe-<pid>.json (written aside, then renamed), and then what a
full collection costs the process as it is now (its CPU time, outside the window).

Never used by the site: it times every collection and every thread pool item.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import daphne.server  # makes the loop Daphne serves on (whistsite/patches/daphne_loop.py)

from bench.tail_probe import Probe

probe = Probe()


def _reset(signum: int, frame: Any) -> None:
    probe.reset()


def _dump(signum: int, frame: Any) -> None:
    target = Path(os.environ["WHIST_PROBE_DIR"]) / f"probe-{os.getpid()}.json"
    aside = target.with_suffix(".part")
    figures = probe.figures()
    start = time.thread_time()
    gc.collect()
    figures["full_collection"] = time.thread_time() - start
    aside.write_text(json.dumps(figures))
    aside.rename(target)


if __name__ == "__main__":
    from daphne.cli import CommandLineInterface

    probe.install(daphne.server.twisted_loop)
    signal.signal(signal.SIGUSR1, _reset)
    signal.signal(signal.SIGUSR2, _dump)
    CommandLineInterface.entrypoint()
