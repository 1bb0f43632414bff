"""The processes of a bench/load.py run on 127.0.0.1 (Redis, a database of its own, Daphne,
Celery), and how their CPU is read; shared with bench/load_reconnect.py and bench/stalls.py."""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil
from capacity import database_url, drop_database, ensure_database
from django_env import environment
from spawned import Spawned

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = "postgres://whist:whist@127.0.0.1:5432/whist"  # the Makefile's test target


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_port(port: int, process: subprocess.Popen, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"load.py: {what} exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"load.py: {what} did not listen on port {port} within {seconds:g} s")


class Stack(Spawned):
    """The processes of one run; stopped (and the database dropped) by `close`."""

    daphne_module = "daphne"  # bench/socket_memory.py's: bench.traced_daphne
    probe: Any = None  # bench/load.py --probe: the clients' bench/tail_probe.py Probe

    def __init__(self, args: argparse.Namespace, tmp: Path, bare: bool = False) -> None:
        super().__init__()
        self.args, self.tmp, self.bare = args, tmp, bare
        self.redis_port = free_port()
        # Its own database beside DATABASE_URL's (dropped at the end): `<name>_bench`.
        base = os.environ.get("DATABASE_URL", DATABASE_URL)
        self.db_url = database_url(base, f"{urlsplit(base).path.strip('/') or 'whist'}_bench")
        self.queue = f"bench-load-{uuid.uuid4().hex[:8]}"
        self.env = {
            **os.environ,
            **environment("127.0.0.1,localhost"),
            "PYTHONPATH": str(ROOT),
            "WHIST_CHANNEL_LAYER": args.layer,
            "DATABASE_URL": self.db_url,
            "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}",
            "WHIST_CELERY_QUEUE": self.queue,
            "WHIST_BOT_DELAY": "0.3,0.6",
            "WHIST_TRICK_PAUSE": "0.3",
        }
        self.daphnes: list[tuple[int, psutil.Process]] = []
        self.workers: list[psutil.Process] = []

    def start(self) -> None:
        redis = shutil.which("redis-server") or sys.exit("load.py: redis-server not found")
        self.redis = self._spawn(
            [redis, "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--maxclients", "10000"], "redis.log",
        )  # fmt: skip
        wait_port(self.redis_port, self.redis, "redis-server")
        if not self.bare:  # the bare relay has no database, no worker
            self._database()
        for i in range(0 if self.bare else self.args.workers):
            command = [sys.executable, "-m", "celery", "-A", "whistsite", "worker", "-Q",
                       self.queue, "--concurrency", "1", "--without-heartbeat",
                       "--without-mingle", "-l", "warning", "-n", f"load{i}@%h"]  # fmt: skip
            self.workers.append(psutil.Process(self._spawn(command, f"worker{i}.log").pid))
        for i in range(self.args.daphne):
            port = free_port()
            command = [
                sys.executable,
                "-m",
                self.daphne_module,
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "--websocket-max-message-size",
                "65536",
                "bench.bare_relay:application" if self.bare else "whistsite.asgi:application",
            ]
            process = self._spawn(command, f"daphne{i}.log")
            wait_port(port, process, f"daphne {i}")
            self.daphnes.append((port, psutil.Process(process.pid)))

    def _database(self) -> None:
        ensure_database(self.db_url)  # the role too, on a new machine
        os.environ.update({k: v for k, v in self.env.items() if k != "PYTHONPATH"})
        drop_database(self.db_url)  # a run killed before its close left its rows
        ensure_database(self.db_url)
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)

    def close(self) -> None:
        self.stop(15)
        if "django" in sys.modules and not self.bare:
            from django.db import connections

            connections.close_all()
            drop_database(self.db_url)


def cpu(processes: list[psutil.Process]) -> float:
    """User + system seconds of processes, their live children and reaped children."""
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
            for child in process.children(recursive=True):
                child_times = child.cpu_times()
                total += child_times.user + child_times.system
        except psutil.Error:
            continue
    return total


def thread_cpu(processes: list[psutil.Process]) -> list[float]:
    """User and system seconds of the processes' main threads (a Daphne's event loop: the
    sockets' side of a move), then of their other threads (the database threads: the moves
    themselves); threads that ended are not counted."""
    total = [0.0, 0.0, 0.0, 0.0]
    for process in processes:
        try:
            threads = process.threads()
        except psutil.Error:
            continue
        for thread in threads:
            base = 0 if thread.id == process.pid else 2
            total[base] += thread.user_time
            total[base + 1] += thread.system_time
    return total


def household(index: int) -> str:
    """The loopback address the players of table `index` connect from (one per table, as
    a household's), so that the per-address socket cap and its bookkeeping see what a
    site sees rather than every socket of the bench behind one address."""
    return f"127.{index // 62500 % 250 + 1}.{index // 250 % 250}.{index % 250 + 2}"


def own_cpu() -> float:
    """User + system seconds of this process alone (the bench's clients), not its children."""
    times = psutil.Process().cpu_times()
    return times.user + times.system


def postgres_processes() -> list[psutil.Process]:
    """The PostgreSQL server's top process (reaped backends count in its children times)."""
    found = []
    for process in psutil.process_iter(["name", "ppid"]):
        if process.info["name"] in ("postgres", "postmaster"):
            try:
                parent = psutil.Process(process.info["ppid"]).name()
            except psutil.Error:
                parent = ""
            if parent not in ("postgres", "postmaster"):
                found.append(process)
    return found
