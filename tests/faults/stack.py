"""A whole stack of its own for fault tests: PostgreSQL and Redis on spare ports (so a test can
stop and restart them), Daphne processes and a Celery worker with beat, all on 127.0.0.1.

PostgreSQL is a fresh cluster (initdb in a temporary folder, run as the `postgres` user when
the tests run as root, since PostgreSQL refuses to run as root). The site's processes and the
setup code run in subprocesses with DATABASE_URL/REDIS_URL pointing at these servers; the test
process itself never opens a Django connection to them.
"""

from __future__ import annotations

import atexit
import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.faults.django_shell import DjangoShell, SnippetFailed
from tests.servers import PATIENCE, free_port
from tests.template_database import dump_of_template

ROOT = Path(__file__).resolve().parents[2]
# Seconds a setup script may run (`Stack.python`): test_stop_under_load's 100 tables took over
# 120 s at a load average of 22.
SETUP_PATIENCE = 600.0


def wait_port(port: int, seconds: float = PATIENCE, up: bool = True,
              process: subprocess.Popen | None = None) -> None:  # fmt: skip
    """Wait until something listens on `port` (or, with up=False, until nothing does); a
    `process` that exits meanwhile fails the wait at once. A start is not timed: at a load
    average of 13-33 Daphne and Redis took more than the 30 s this waited before to listen
    (five fault stacks of a `make test` failed so, before any of their tests' steps)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if up and process is not None and process.poll() is not None:
            raise RuntimeError(f"process {process.pid} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.3).close()
            if up:
                return
        except OSError:
            if not up:
                return
        time.sleep(0.1)
    raise TimeoutError(f"port {port} is still {'closed' if up else 'open'} after {seconds} s")


def _pg_bin(name: str) -> str:
    found = shutil.which(name) or sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if not found:
        raise RuntimeError(f"{name} not found (Debian: apt-get install postgresql)")
    return str(found[-1] if isinstance(found, list) else found)


def _as_postgres() -> list[str]:
    """PostgreSQL refuses to run as root: as root, its commands run as the postgres user."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _site_env() -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "whistsite.settings",
        "WHIST_BOT_DELAY": "0.1,0.2",
        "WHIST_TRICK_PAUSE": "0.1",
        # The watchdog every second, not 5 (whistsite/settings/tasks.py): what the tests wait
        # for from it (a lost turn queued again, a dead server's presence swept, beat's first
        # tick) comes as it does in production, sooner.
        "WHIST_WATCHDOG_EVERY": "1",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": uuid.uuid4().hex * 2,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "WHIST_DEAL_SECRET": uuid.uuid4().hex * 2,
    }


_TEMPLATE: list[Path] = []
TEMPLATE_PREFIX = "whist-faults-template-"


def template_folder(run: str | None = None) -> Path:
    """Where a run's template cluster is made: one for all the xdist workers of a run (its id,
    PYTEST_XDIST_TESTRUNUID, which tests/conftest.py makes known to the run's controller too,
    to delete the folder at its end), else one for this process (deleted when it ends)."""
    run = run or os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"process-{os.getpid()}"
    return Path(tempfile.gettempdir()) / f"{TEMPLATE_PREFIX}{run}"


def template_cluster() -> Path:
    """A stopped cluster with the whist role and database, migrated: made once per test run
    (initdb, then the run's migrated test template loaded, tests/template_database.py, or
    without PostgreSQL for the tests the site's migrations; the first worker
    to need it makes it under a lock, the others wait for it) and copied for each stack, which
    then starts in about a second."""
    if _TEMPLATE:
        return _TEMPLATE[0]
    folder = template_folder()
    folder.mkdir(exist_ok=True)
    if not os.environ.get("PYTEST_XDIST_TESTRUNUID"):
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    made = folder / "made"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (made / "ready").exists():
            shutil.rmtree(made, ignore_errors=True)  # a process killed while making it
            made.mkdir()
            _make_template(made)
            (made / "ready").touch()
    _TEMPLATE.append(made / "pgdata")
    return _TEMPLATE[0]


def _make_template(folder: Path) -> None:
    postgres = OwnPostgres(folder, fresh=True)
    postgres.start()
    try:
        postgres.create_database()
        dump = dump_of_template(os.environ.get("DATABASE_URL", ""))
        if dump is not None:  # the run's migrated test template, loaded: no second migrate
            psql = [_pg_bin("psql"), "-h", "127.0.0.1", "-p", str(postgres.port), "-U", "whist",
                    "-d", "whist", "-q", "-v", "ON_ERROR_STOP=1"]  # fmt: skip
            done = subprocess.run(psql, input=dump, capture_output=True, text=True)
            if done.returncode:
                raise RuntimeError(f"loading the test template failed:\n{done.stderr[-3000:]}")
            return
        script = (
            "import django\ndjango.setup()\nfrom django.core.management import "
            "call_command\ncall_command('migrate', verbosity=0, interactive=False)"
        )
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT,
                              env={**_site_env(), "DATABASE_URL": postgres.url},
                              capture_output=True, text=True, timeout=300)  # fmt: skip
        if done.returncode:
            raise RuntimeError(f"migrating the template cluster failed:\n{done.stderr[-3000:]}")
    finally:
        postgres.stop()


class OwnRedis:
    """A Redis server on a spare port that keeps nothing on disk (as the machine's)."""

    def __init__(self, folder: Path) -> None:
        self.port, self.folder = free_port(), folder
        self.url = f"redis://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [shutil.which("redis-server") or "redis-server", "--port", str(self.port),
                   "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                   "--dir", str(self.folder)]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        wait_port(self.port, process=self.process)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None
            wait_port(self.port, up=False)


class OwnPostgres:
    """A PostgreSQL cluster of its own in a temporary folder, on a spare port: a copy of this
    process's `template_cluster`, whose role, database and migrations are in place already;
    with fresh=True a new, empty one (initdb)."""

    def __init__(self, folder: Path, fresh: bool = False) -> None:
        self.port, self.data = free_port(), folder / "pgdata"
        self.url = f"postgres://whist:whist@127.0.0.1:{self.port}/whist"
        self.as_postgres = _as_postgres()
        if fresh:
            self.data.mkdir()
        else:
            shutil.copytree(template_cluster(), self.data, symlinks=True)
        if self.as_postgres:
            for path in [folder, self.data, *self.data.rglob("*")]:
                shutil.chown(path, "postgres", "postgres")
        if fresh:
            self._run(_pg_bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                      "--no-sync", "-E", "UTF8")  # fmt: skip

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_postgres, *command], check=True, capture_output=True)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-o", options, "-w", "start",
                  "-l", str(self.data / "log"))  # fmt: skip

    def stop(self) -> None:
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def running(self) -> bool:
        command = [*self.as_postgres, _pg_bin("pg_ctl"), "-D", str(self.data), "status"]
        return subprocess.run(command, capture_output=True).returncode == 0

    def create_database(self) -> None:
        psql = [_pg_bin("psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-c"]
        subprocess.run([*psql, "CREATE ROLE whist LOGIN CREATEDB PASSWORD 'whist'"], check=True,
                       capture_output=True)  # fmt: skip
        subprocess.run([*psql, "CREATE DATABASE whist OWNER whist"], check=True,
                       capture_output=True)  # fmt: skip


class Stack:
    """PostgreSQL, Redis, and the site's processes on them; `close` stops everything.

    `log_path(name)` gives each process's log file: the tests pass conftest's `server_log`, so
    the logs outlive the stack and a failed test's report ends with their last lines."""

    def __init__(self, log_path: Callable[[str], Path] | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="whist-faults-"))
        self._log_path = log_path or (lambda name: self.folder / f"{name}.log")
        self._logs: dict[str, Path] = {}
        self.postgres, self.redis = OwnPostgres(self.folder), OwnRedis(self.folder)
        self.processes: dict[str, subprocess.Popen] = {}
        self.shell = DjangoShell(ROOT, lambda: self.log_path("python"))
        try:
            self._start()
        except BaseException:  # a failed setup leaves no server of its own running
            self.close()
            raise

    def _start(self) -> None:
        self.postgres.start()
        self.redis.start()
        self.queue = f"faults-{uuid.uuid4().hex[:8]}"
        self.env = {**_site_env(), "DATABASE_URL": self.postgres.url, "REDIS_URL": self.redis.url,
                    "WHIST_CELERY_QUEUE": self.queue}  # fmt: skip

    def python(self, code: str) -> Any:
        """Run `code` in this stack's Django process (tests/faults/django_shell.py: the
        stack's environment as it is now, `django` and `json` imported, database
        connections closed after it); its printed JSON, decoded."""
        try:
            out = self.shell.run(textwrap.dedent(code), self.env, SETUP_PATIENCE)
        except SnippetFailed as failed:
            raise RuntimeError(f"setup code failed:\n{failed}") from None
        return json.loads(out) if out.strip() else None

    def daphne(self, name: str = "daphne") -> int:
        """Start a Daphne process; its port."""
        port = free_port()
        log = open(self.log_path(name), "w")  # noqa: SIM115
        self.processes[name] = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "--websocket-max-message-size", "65536", "whistsite.asgi:application"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_port(port, process=self.processes[name])
        return port

    def worker(self) -> None:
        """A Celery worker with an embedded beat (the watchdog every WHIST_WATCHDOG_EVERY s)."""
        log = open(self.log_path("worker"), "w")  # noqa: SIM115
        self.processes["worker"] = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "whistsite", "worker", "-B", "-Q", self.queue,
             "--concurrency", "1", "--without-heartbeat", "--without-mingle", "-l", "warning",
             "-s", str(self.folder / "beat-schedule")],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def stop_all(self, seconds: float = 15.0) -> None:
        """SIGTERM to every process of the stack at once, then each waited for (killed after
        `seconds`): their exits overlap."""
        for process in self.processes.values():
            process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + seconds
        for process in self.processes.values():
            try:
                process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        self.processes.clear()

    def stop(self, name: str, sig: int = signal.SIGTERM, seconds: float = 10.0) -> float:
        """Send `sig` to a process; how long it took to exit (it is killed after `seconds`)."""
        process = self.processes.pop(name)
        start = time.monotonic()
        process.send_signal(sig)
        try:
            process.wait(seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
            return float("inf")
        return time.monotonic() - start

    def log_path(self, name: str) -> Path:
        if name not in self._logs:
            self._logs[name] = self._log_path(name)
        return self._logs[name]

    def log(self, name: str) -> str:
        return self.log_path(name).read_text(errors="replace")

    def begin(self, log_path: Callable[[str], Path]) -> None:
        """A test of a module that shares this stack begins: its processes log to its own
        files (`log_path`: the test's server_log)."""
        self._log_path, self._logs = log_path, {}
        self.log_path("python")  # the shell's output, shown with the test's failure too

    def end(self) -> None:
        """A test of a module that shares this stack has ended: the stack is left as a new
        one starts. The test's processes stop (first: nothing of theirs writes during the
        flush), PostgreSQL and Redis run again if the test stopped them, the database is
        emptied (Django's flush, sequences reset) and so is Redis (queues, cache, layer)."""
        self.stop_all()
        if self.redis.process is None:
            self.redis.start()
        if not self.postgres.running():
            self.postgres.start()
        self.python("from django.core.management import call_command\n"
                    "call_command('flush', interactive=False, verbosity=0)")  # fmt: skip
        with socket.create_connection(("127.0.0.1", self.redis.port), timeout=30) as sock:
            sock.sendall(b"FLUSHALL\r\n")
            assert sock.recv(16).startswith(b"+OK"), "Redis did not flush"

    def close(self) -> None:
        self.shell.close()
        self.stop_all()
        self.redis.stop()
        try:
            self.postgres.stop()
        except subprocess.CalledProcessError:
            pass  # already stopped by the test, or never started
        shutil.rmtree(self.folder, ignore_errors=True)


# A script preamble: Django imports and cookie(user), a logged-in session for a socket client.
SESSION_COOKIE = """
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from games import services

def cookie(user):
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]  # axes comes first
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
"""

SEAT_PLAYERS = (
    SESSION_COOKIE
    + """
User = get_user_model()
humans = [User.objects.create_user(n) for n in NAMES]  # no password: no slow hashing
table = services.table_create(humans[0], GAME, players=PLAYERS, bot_levels=LEVELS)
for seat, user in enumerate(humans[1:], start=1):
    services.seat_take(user, table.pk, seat)
services.table_start(humans[0], table.pk)
print(json.dumps({"table": table.pk, "cookies": [cookie(u) for u in humans]}))
"""
)


def seat_players(stack: Stack, game: str, names: list[str], bots: list[str]) -> dict[str, Any]:
    """A started table with `names` at the first seats and bots of `bots` levels after them;
    {"table": id, "cookies": [session cookie per human seat]}."""
    levels = [None] * len(names) + bots
    code = (
        SEAT_PLAYERS.replace("NAMES", repr(names))
        .replace("GAME", repr(game))
        .replace("PLAYERS", str(len(levels)))
        .replace("LEVELS", repr(levels))
    )
    return stack.python(code)
