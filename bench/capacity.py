"""Bot capacity: Expert decisions per second of CPU, and how many bot tables one worker serves.

Part 1 (the engine alone, no database; bench/capacity_engine.py): bot-only games of
Knockout Whist (4 players), Whist and German Whist with every seat Expert; every decision
(`choose_action`) is timed with `time.process_time` and `time.perf_counter`.

Part 2 (real services): ONE `celery -A whistsite worker --pool solo` process on
PostgreSQL and Redis, with WHIST_BOT_DELAY=0 and WHIST_TRICK_PAUSE=0, on a queue of its
own, plays N tables at once where every seat is an Expert; for each N it counts the
moves per second and the gaps between a table's consecutive moves (how long a table
waits while the other tables' decisions hold the worker).

It uses its own database, `whist_bench` (on the server of DATABASE_URL, default the
Makefile's, created the way the Makefile creates `whist`), never the test database, and
a channel-layer prefix of its own, so that its broadcasts reach no other lobby or table.
Tables come from the services; they seat a player at every new table and let only a
player start it, so the bench's user sits at seat 0 with an Expert bot on that seat as
well (a seat with a bot level plays as that bot). Finished tables are replaced, so N
tables are always in play; at the end the worker is stopped, every table deleted and the
database dropped.

Figures are printed, never asserted.
Run: `.venv/bin/python bench/capacity.py [--seconds S] [--tables 1,4,8,16,32] [--no-worker]`.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.arguments import Parser  # noqa: E402
from bench.capacity_engine import CASES, engine_part, load  # noqa: E402
from games.engine.arena import percentile  # noqa: E402

DATABASE_URL = "postgres://whist:whist@127.0.0.1:5432/whist"  # the Makefile's test target
REDIS_URL = "redis://127.0.0.1:6379"
BENCH_DATABASE = "whist_bench"
BENCH_USER = "bench-capacity"
SUCCEEDED = re.compile(r"succeeded in ([0-9.]+)s")  # Celery's INFO line after each task
SETTINGS = """\
from whistsite.settings import *  # noqa: F403
from whistsite.settings import CHANNEL_LAYERS

CHANNEL_LAYERS["default"].setdefault("CONFIG", {})["prefix"] = "bench-capacity"
"""


def table_counts(text: str) -> list[int]:
    try:
        counts = [int(item) for item in text.split(",") if item.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"want table counts such as 1,4,8, not {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"want table counts of 1 or more, not {text!r}")
    return sorted(set(counts))


def positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"want a positive number, not {text!r}")
    return value


# Part 2: one real Celery worker on PostgreSQL and Redis.


def database_url(url: str, name: str) -> str:
    return urlsplit(url)._replace(path=f"/{name}").geturl()


def ensure_database(url: str) -> None:
    """Create the role and database of `url` as the Makefile does (psql as `postgres`)."""
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=5).close()
        return
    except psycopg.OperationalError:
        pass
    parts = urlsplit(url)
    user, password = unquote(parts.username or ""), unquote(parts.password or "")
    name = parts.path.lstrip("/")
    psql = ["psql", "-h", parts.hostname or "127.0.0.1", "-p", str(parts.port or 5432)]
    psql += ["-U", "postgres", "-v", "ON_ERROR_STOP=1", "-qtA", "-c"]

    def run(sql: str) -> str:
        done = subprocess.run([*psql, sql], capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"capacity.py: psql failed: {done.stderr.strip()}")
        return done.stdout.strip()

    ident, role = user.replace('"', '""'), user.replace("'", "''")
    if run(f"SELECT 1 FROM pg_roles WHERE rolname = '{role}'") != "1":
        secret = password.replace("'", "''")
        run(f"CREATE ROLE \"{ident}\" LOGIN CREATEDB PASSWORD '{secret}'")
    if run(f"SELECT 1 FROM pg_database WHERE datname = '{name}'") != "1":
        run(f'CREATE DATABASE "{name}" OWNER "{ident}"')


def start_worker(queue: str, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "celery", "-A", "whistsite", "worker", "--pool", "solo"]
    command += ["-Q", queue, "-n", f"{queue}@%h", "--loglevel", "INFO"]
    command += ["--without-heartbeat", "--without-mingle", "--without-gossip"]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=out)
    deadline = time.monotonic() + 60
    while " ready." not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            tail = log.read_text(errors="replace").strip().splitlines()[-5:]
            process.kill()
            sys.exit("capacity.py: the celery worker did not start: " + " | ".join(tail))
        time.sleep(0.1)
    return process


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Room:
    """The bench's tables in its own database, through the project's services."""

    def __init__(self) -> None:
        from django.contrib.auth import get_user_model

        from games.models import Table

        Table.objects.filter(created_by__username=BENCH_USER).delete()  # an interrupted run
        self.user, _ = get_user_model().objects.get_or_create(
            username=BENCH_USER, defaults={"display_name": "Bench"}
        )
        self.made = 0
        self.all: list[int] = []

    def new(self) -> int:
        """A new open table, every seat an Expert; games rotate over Knockout, Whist, German."""
        from games import services
        from games.models import Seat

        game, players = CASES[self.made % len(CASES)]
        self.made += 1
        levels: list[str | None] = [None] + ["expert"] * (players - 1)
        table = services.table_create(self.user, game, players, bot_levels=levels)
        Seat.objects.filter(table=table, index=0).update(bot="expert")
        self.all.append(table.pk)
        return table.pk

    def start(self, pk: int) -> None:
        from games import services

        services.table_start(self.user, pk)

    def delete(self) -> None:
        from games.models import Table

        Table.objects.filter(pk__in=self.all).delete()
        self.user.delete()


def window(
    room: Room, count: int, seconds: float, worker: subprocess.Popen, log: Path
) -> dict[str, Any]:
    """`count` tables in play for `seconds` (a finished one is replaced); what happened."""
    from django.utils import timezone

    from games.models import Table

    playing = [room.new() for _ in range(count)]
    tables = list(playing)
    cpu0, start, t0 = cpu_seconds(worker.pid), time.perf_counter(), timezone.now()
    offset = log.stat().st_size
    for pk in playing:
        room.start(pk)
    while time.perf_counter() - start < seconds:
        time.sleep(0.25)
        if worker.poll() is not None:
            sys.exit(f"capacity.py: the celery worker stopped (status {worker.returncode})")
        over = Table.objects.filter(pk__in=playing).exclude(status=Table.Status.PLAYING)
        for pk in list(over.values_list("pk", flat=True)):
            playing.remove(pk)
            playing.append(room.new())
            tables.append(playing[-1])
            room.start(playing[-1])
    t1, elapsed, cpu = timezone.now(), time.perf_counter() - start, cpu_seconds(worker.pid) - cpu0
    Table.objects.filter(pk__in=playing, status=Table.Status.PLAYING).update(
        status=Table.Status.ABORTED, turn_deadline=None
    )
    with log.open("rb") as lines:
        lines.seek(offset)
        busy = sum(float(s) for s in SUCCEEDED.findall(lines.read().decode(errors="replace")))
    result = {"count": count, "elapsed": elapsed, "cpu": cpu, "busy": busy}
    result["load"] = os.getloadavg()[0]
    return result | gaps(tables, set(playing), t0, t1)


def gaps(tables: list[int], playing: set[int], t0: datetime, t1: datetime) -> dict[str, Any]:
    """Seconds between a table's consecutive moves (from the deal to the first move; a table
    still playing at the end also counts its wait since its last move), pooled and per table."""
    from games.models import Move, Table

    stamps: dict[int, list[datetime]] = {}
    for pk, started in Table.objects.filter(pk__in=tables).values_list("pk", "started"):
        stamps[pk] = [started]
    moves = Move.objects.filter(table_id__in=tables, created__gte=t0, created__lte=t1)
    count = 0
    for pk, created in moves.order_by("table_id", "number").values_list("table_id", "created"):
        stamps[pk].append(created)
        count += 1
    pooled: list[float] = []
    worst = 0.0
    for pk, times in stamps.items():
        if pk in playing:
            times.append(t1)
        own = [(b - a).total_seconds() for a, b in zip(times, times[1:], strict=False)]
        pooled += own
        worst = max(worst, percentile(own, 0.95))
    return {"moves": count, "gaps": pooled, "worst": worst, "done": len(tables) - len(playing)}


def drain(broker: Any, queue: str) -> None:
    """Wait until the worker has taken every queued task (of aborted tables: no-ops)."""
    deadline = time.monotonic() + 60
    while broker.llen(queue) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)  # the task in hand


def worker_row(r: dict[str, Any]) -> str:
    g = r["gaps"]
    per = 1000 * r["cpu"] / r["moves"] if r["moves"] else 0.0
    return (
        f"{r['count']:>6}{r['moves']:>7}{r['moves'] / r['elapsed']:>8.1f}"
        f"{100 * r['busy'] / r['elapsed']:>6.0f}%{100 * r['cpu'] / r['elapsed']:>6.0f}%"
        f"{per:>9.1f}{statistics.median(g):>8.2f}"
        f"{percentile(g, 0.95):>7.2f}{max(g):>7.2f}{r['worst']:>9.2f}"
        f"{r['done']:>6}{r['load']:>7.2f}"
    )


def worker_part(counts: list[int], seconds: float, limit: float) -> None:
    base = os.environ.get("DATABASE_URL", DATABASE_URL)
    url = database_url(base, BENCH_DATABASE)
    redis_url = os.environ.get("REDIS_URL", REDIS_URL)
    ensure_database(url)
    queue = f"bench-capacity-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory(prefix="capacity-") as tmp:
        (Path(tmp) / "capacity_settings.py").write_text(SETTINGS)
        from bench.django_env import environment

        env = {
            **environment(),
            "DJANGO_SETTINGS_MODULE": "capacity_settings",
            "DATABASE_URL": url,
            "REDIS_URL": redis_url,
            "WHIST_CELERY_QUEUE": queue,
            "WHIST_BOT_DELAY": "0",
            "WHIST_TRICK_PAUSE": "0",
        }
        os.environ.update(env)
        sys.path.insert(0, tmp)
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        worker_env = {**os.environ, "PYTHONPATH": os.pathsep.join([tmp, str(ROOT)])}
        try:
            _measure(counts, seconds, limit, queue, worker_env, Path(tmp) / "worker.log")
        finally:
            drop_database(url)


def drop_database(url: str) -> None:
    """Drop the bench's database (its owner may; the next run makes it again)."""
    import psycopg
    from django.db import connections

    connections.close_all()
    name = urlsplit(url).path.lstrip("/").replace('"', '""')
    with psycopg.connect(database_url(url, "postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _measure(
    counts: list[int], seconds: float, limit: float, queue: str, env: dict, log: Path
) -> None:
    import redis

    from whistsite.settings import redis_db_url

    host = urlsplit(env["DATABASE_URL"])
    print(
        f"\npart 2: ONE celery worker process (--pool solo) on PostgreSQL "
        f"{host.hostname}:{host.port or 5432}/{BENCH_DATABASE} and Redis, queue {queue};\n"
        f"WHIST_BOT_DELAY=0, WHIST_TRICK_PAUSE=0; every seat Expert; tables rotate over "
        f"Knockout 4p, Whist, German Whist; {seconds:g} s per row; load before: {load()}",
        flush=True,
    )
    broker = redis.Redis.from_url(redis_db_url(env["REDIS_URL"], 0))
    room = Room()
    worker = start_worker(queue, env, log)
    rows = []
    try:
        print(
            f"{'tables':>6}{'moves':>7}{'moves/s':>8}{'busy':>7}{'CPU':>7}{'CPU ms':>9}"
            f"{'gap med':>8}{'p95':>7}{'max':>7}{'worst95':>9}{'games':>6}{'load1':>7}"
        )
        for count in counts:
            rows.append(window(room, count, seconds, worker, log))
            print(worker_row(rows[-1]), flush=True)
            drain(broker, queue)
    finally:
        worker.terminate()  # SIGTERM: a warm shutdown, after the task in hand
        try:
            status = worker.wait(timeout=60)
        except subprocess.TimeoutExpired:
            worker.kill()
            status = worker.wait()
        room.delete()
        broker.delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
        errors = sum("ERROR/" in line for line in log.read_text(errors="replace").splitlines())
    print(
        "moves/s: bot decisions per second (forced moves included); busy: the worker's task\n"
        "time (Celery's 'succeeded in') over wall time; CPU: the worker's CPU over wall time\n"
        "(100% = one core; under busy: it waited for a core, or for the database); CPU ms:\n"
        "the worker's CPU per move, all in (search, database, broadcast, Celery); gap: seconds\n"
        "between a table's consecutive moves (from the deal to the first move; a table still\n"
        "waiting at the end counts its wait so far), median, p95 and max pooled over the tables;\n"
        "worst95: the worst table's own p95;\n"
        "games: games finished (each replaced at once by a new table); load1: load average."
    )
    ok = [r["count"] for r in rows if percentile(r["gaps"], 0.95) < limit]
    serves = 0
    for r in rows:
        if r["count"] not in ok:
            break
        serves = r["count"]
    tried = ", ".join(str(r["count"]) for r in rows)
    verdict = f"{serves} tables" if serves else "none of the counts tried"
    print(
        f"serves: {verdict} (criterion: the largest count, among {tried}, for which it and every "
        f"smaller count kept the pooled p95 gap under {limit:g} s)"
    )
    print(
        f"worker stopped with status {status}, {errors} errors in its log; the bench's tables "
        f"deleted; load average: {load()}"
    )


def main() -> None:
    parser = Parser(prog="capacity.py", description=__doc__)
    parser.add_argument(
        "--seconds", type=positive, default=30.0, help="per game in part 1, per row in part 2"
    )
    parser.add_argument("--tables", type=table_counts, default=[1, 4, 8, 16, 32])
    parser.add_argument("--gap-limit", type=positive, default=2.0, help="p95 gap, seconds")
    parser.add_argument("--no-worker", action="store_true", help="only part 1 (no services)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average (1, 5, 15 min): {load()}")
    engine_part(args.seconds)
    if not args.no_worker:
        worker_part(args.tables, args.seconds, args.gap_limit)


if __name__ == "__main__":
    main()
