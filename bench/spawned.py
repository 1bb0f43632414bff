"""The server processes a bench starts (Redis, Daphne, Celery), each writing its own log;
stopped as a deploy stops them: SIGTERM to all, newest first, then a kill for any that
ignores it. Shared by bench/load.py's Stack and bench/stalls.py's Servers."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Spawned:
    """Subclasses set `tmp` (the folder of the logs) and `env` (the processes' environment)."""

    tmp: Path
    env: dict[str, str]

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen] = []

    def _spawn(self, command: list[str], log: str) -> subprocess.Popen:
        out = open(self.tmp / log, "w")  # noqa: SIM115
        process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=out, stderr=out)
        self.procs.append(process)
        return process

    def stop(self, seconds: float) -> None:
        """SIGTERM to every process, then a kill for any still running after `seconds`."""
        for process in reversed(self.procs):
            process.terminate()
        for process in self.procs:
            try:
                process.wait(seconds)
            except subprocess.TimeoutExpired:
                name = " ".join(str(a) for a in process.args[2:4])
                print(f"{name} (pid {process.pid}) ignored SIGTERM for {seconds:g} s; killed")
                process.kill()
        self.procs = []
