"""Stalls: many bot tables in play while one player floods the analysis; the longest wait.

Under `make run` two bot games once froze for good after their player opened another
game's analysis, and on the deployed stack one user's 12 analyses held a Beginner bot's
move for 46 s. This bench plays T tables whose every seat is played by a bot (the human
owner of each is away, so the stand-in plays for them), while one logged-in player asks,
over HTTP as the replay page does, for the analysis of K finished games again and again
(each finished analysis is deleted so that the next request queues it anew). It prints
the gaps between consecutive moves of every table (from the move log's timestamps), the
longest wait of any table, and what became of the analysis requests.

Modes:
- `embedded`: one Daphne as `make run` serves (SQLite in a temporary folder, in-memory
  channel layer, tasks in the server's own lanes: runtime/scheduling.py).
- `stack`: as deployed (docs/deployment.md): PostgreSQL (a database of its own, dropped at
  the end), a Redis of its own on a spare port, two Daphne processes, a Celery worker per
  lane (turns, bookkeeping, analysis at nice 10) and beat.

Tables are started by the servers' own watchdog (the bench sets each table's first
deadline in the past and queues nothing itself). Figures are printed, never asserted.
Run: `.venv/bin/python bench/stalls.py [--mode embedded|stack] [--tables 50]
[--seconds 60] [--analyses 12] [--level beginner] [--no-limits]`.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(BENCH), str(ROOT)]

from capacity import database_url, drop_database, ensure_database  # noqa: E402
from django_env import environment  # noqa: E402
from load_stack import free_port, wait_port  # noqa: E402
from spawned import Spawned  # noqa: E402

from bench.arguments import Parser, whole_number  # noqa: E402
from games.engine.arena import percentile  # noqa: E402

DATABASE_URL = "postgres://whist:whist@127.0.0.1:5432/whist"  # the Makefile's test target
GAMES = [("knockout", 4), ("whist", 4), ("german", 2)]  # dealt round-robin to the tables


def arguments() -> argparse.Namespace:
    parser = Parser(prog="stalls.py", description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["embedded", "stack"], default="embedded")
    parser.add_argument("--tables", type=whole_number(1), default=50)
    parser.add_argument("--seconds", type=whole_number(5), default=60, help="measured time")
    parser.add_argument("--analyses", type=whole_number(0), default=12, help="games flooded")
    parser.add_argument("--level", choices=["beginner", "club", "expert"], default="beginner")
    parser.add_argument(
        "--no-limits", action="store_true",
        help="lift the per-player analysis limits: only the lanes keep turns apart",
    )  # fmt: skip
    return parser.parse_args()


class Servers(Spawned):
    """The processes of one run and the environment they share; `close` stops them."""

    def __init__(self, args: argparse.Namespace, tmp: Path) -> None:
        super().__init__()
        self.args, self.tmp, self.ports = args, tmp, []
        self.env = {
            **os.environ, **environment("127.0.0.1,localhost"), "PYTHONPATH": str(ROOT),
            "DJANGO_SSL_REDIRECT": "false",  # plain http on 127.0.0.1, no nginx in front
        }  # fmt: skip
        if args.no_limits:
            self.env |= {"WHIST_ANALYSIS_ACTIVE": "100000", "WHIST_ANALYSIS_HOURLY": "100000"}
        self.db_url = None
        if args.mode == "embedded":
            for name in ("DATABASE_URL", "REDIS_URL"):
                self.env.pop(name, None)
            self.env["WHIST_SQLITE_PATH"] = str(tmp / "db.sqlite3")
        else:
            base = os.environ.get("DATABASE_URL", DATABASE_URL)
            self.db_url = database_url(base, "whist_stalls")
            self.redis_port = free_port()
            self.env |= {
                "DATABASE_URL": self.db_url, "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}",
                "WHIST_CELERY_QUEUE": f"stalls-{uuid.uuid4().hex[:8]}",
            }  # fmt: skip

    def setup_django(self) -> None:
        if self.db_url:
            redis = shutil.which("redis-server") or sys.exit("stalls.py: redis-server not found")
            self.redis = self._spawn(
                [redis, "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no"], "redis.log",
            )  # fmt: skip
            wait_port(self.redis_port, self.redis, "redis-server")
            ensure_database(self.db_url)
        os.environ.update({k: v for k, v in self.env.items() if k != "PYTHONPATH"})
        for name in {"DATABASE_URL", "REDIS_URL"} - set(self.env):  # embedded: SQLite, no Redis
            os.environ.pop(name, None)
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)

    def start(self) -> None:
        daphnes = 1 if self.args.mode == "embedded" else 2
        if self.args.mode == "stack":
            queue = self.env["WHIST_CELERY_QUEUE"]
            celery = [sys.executable, "-m", "celery", "-A", "whistsite"]
            lanes = [("turns", queue, 2, []), ("bookkeeping", f"{queue}.bookkeeping", 1, []),
                     ("analysis", f"{queue}.analysis", 1, ["nice", "-n", "10"])]  # fmt: skip
            for name, q, concurrency, prefix in lanes:
                self._spawn([*prefix, *celery, "worker", "-Q", q, "--concurrency",
                             str(concurrency), "-n", f"{name}@%h", "-l", "warning"],
                            f"worker-{name}.log")  # fmt: skip
            self._spawn([*celery, "beat", "-l", "warning", "-s", str(self.tmp / "beat")],
                        "beat.log")  # fmt: skip
        for i in range(daphnes):
            port = free_port()
            process = self._spawn(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                 "whistsite.asgi:application"], f"daphne{i}.log",
            )  # fmt: skip
            wait_port(port, process, f"daphne {i}")
            self.ports.append(port)

    def close(self) -> None:
        self.stop(20)
        if self.db_url and "django" in sys.modules:
            drop_database(self.db_url)


def quiet_scheduling() -> None:
    """This process only sets the tables up: it runs and queues no task of its own."""
    from runtime import scheduling

    scheduling.run_later = lambda *args, **kwargs: None


def user(name: str) -> tuple[Any, str]:
    """A new user and a logged-in session cookie for them."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    made = get_user_model().objects.create(username=name, password="!", display_name=name)
    session = SessionStore()
    session[SESSION_KEY] = str(made.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    session[HASH_SESSION_KEY] = made.get_session_auth_hash()
    session.create()
    return made, f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def bot_table(owner: Any, game: str, players: int, level: str) -> int:
    """A started table whose every seat a bot plays (its owner is away), first turn due."""
    from django.utils import timezone

    from games import services
    from games.models import Seat, Table

    table = services.table_create(owner, game, players, bot_levels=[None] + [level] * (players - 1))
    Seat.objects.filter(table=table, index=0).update(away=True)
    services.table_start(owner, table.pk)
    past = timezone.now() - timedelta(minutes=1)
    Table.objects.filter(pk=table.pk).update(turn_deadline=past)  # the watchdog starts it
    return table.pk


def finished_games(owner: Any, count: int) -> list[int]:
    """`count` German Whist games of `owner` (away) against a Beginner, played to their end
    here (their records stored as any finished game's)."""
    from games import services
    from games.models import Table

    ids = []
    for _ in range(count):
        pk = bot_table(owner, "german", 2, "beginner")
        table = Table.objects.get(pk=pk)
        while table.status == Table.Status.PLAYING:
            services.bot_play(pk, table.moves)
            table = Table.objects.get(pk=pk)
        ids.append(pk)
    return ids


class Flood:
    """One player asking for the analysis of the same games again and again, over HTTP."""

    def __init__(self, port: int, cookie: str, games: list[int]) -> None:
        token = secrets.token_hex(16)
        self.port, self.games, self.stop = port, games, threading.Event()
        self.headers = {"Cookie": f"{cookie}; csrftoken={token}", "X-CSRFToken": token}
        self.answers: dict[int, int] = {}
        self.failures: list[str] = []
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        from records.models import RecordAnalysis

        while not self.stop.is_set():
            try:
                done = RecordAnalysis.objects.filter(pk__in=self.games, status="done")
                done.delete()  # asked again, it is queued anew
            except Exception as failed:  # a busy database: the bench goes on
                self.failures.append(repr(failed))
            for pk in self.games:
                code = self.ask(pk)
                self.answers[code] = self.answers.get(code, 0) + 1
            self.stop.wait(0.5)

    def ask(self, pk: int) -> int:
        url = f"http://127.0.0.1:{self.port}/games/{pk}/analysis/"
        request = urllib.request.Request(url, data=b"", headers=self.headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                json.load(answer)
                return answer.status
        except urllib.error.HTTPError as refused:
            return refused.code
        except OSError as failed:
            self.failures.append(repr(failed))
            return 0


def gaps(tables: list[int], t0: Any, t1: Any) -> dict[str, Any]:
    """Seconds between consecutive moves of each table within the window (a table still in
    play at the end counts its wait since its last move too)."""
    from games.models import Move, Table

    stamps: dict[int, list[Any]] = {pk: [t0] for pk in tables}
    moves = Move.objects.filter(table_id__in=tables, created__gte=t0, created__lte=t1)
    count = 0
    for pk, created in moves.order_by("table_id", "number").values_list("table_id", "created"):
        stamps[pk].append(created)
        count += 1
    playing = set(
        Table.objects.filter(pk__in=tables, status=Table.Status.PLAYING).values_list(
            "pk", flat=True
        )
    )
    pooled, worst = [], (0.0, None)
    for pk, times in stamps.items():
        if pk in playing or len(times) == 1:
            times.append(t1)
        own = [(b - a).total_seconds() for a, b in zip(times, times[1:], strict=False)]
        pooled += own
        if own and max(own) > worst[0]:
            worst = (max(own), pk)
    return {"gaps": pooled, "worst": worst, "moves": count, "finished": len(tables) - len(playing)}


def analyses(games: list[int]) -> dict[str, int]:
    from records.models import RecordAnalysis

    rows = RecordAnalysis.objects.filter(pk__in=games).values_list("status", flat=True)
    return {status: list(rows).count(status) for status in set(rows)}


def main() -> None:
    args = arguments()
    tmp = Path(tempfile.mkdtemp(prefix="whist-stalls-"))
    servers = Servers(args, tmp)
    try:
        servers.setup_django()
        quiet_scheduling()
        run(args, servers)
    finally:
        servers.close()
        shutil.rmtree(tmp, ignore_errors=True)


def run(args: argparse.Namespace, servers: Servers) -> None:
    from django.utils import timezone

    from games.models import Table

    flooder, cookie = user("flooder")
    games = finished_games(flooder, args.analyses)
    tables = []
    for i in range(args.tables):
        owner, _cookie = user(f"owner{i}")
        game, players = GAMES[i % len(GAMES)]
        tables.append(bot_table(owner, game, players, args.level))
    servers.start()
    flood = Flood(servers.ports[0], cookie, games)
    t0 = timezone.now()
    flood.thread.start()
    time.sleep(args.seconds)
    flood.stop.set()
    t1 = timezone.now()
    flood.thread.join(40)
    figures = gaps(tables, t0, t1)
    states = analyses(games)
    servers.stop(20)
    Table.objects.filter(pk__in=tables, status=Table.Status.PLAYING).update(turn_deadline=None)
    report(args, figures, flood.answers, states)
    for failure in sorted(set(flood.failures))[:3]:
        print(f"  a request failed: {failure}")


def report(args: argparse.Namespace, figures: dict, answers: dict, states: dict) -> None:
    g = figures["gaps"] or [0.0]
    worst, table = figures["worst"]
    limits = "lifted" if args.no_limits else "on"
    flood = f"one player flooding {args.analyses} analyses (limits {limits})"
    print(f"stalls.py --mode {args.mode}: {args.tables} tables ({args.level} bots), "
          f"{args.seconds} s, {flood}")  # fmt: skip
    print(f"  moves: {figures['moves']} ({figures['moves'] / args.seconds:.1f}/s), "
          f"tables finished: {figures['finished']}")  # fmt: skip
    p95, p99 = percentile(g, 0.95), percentile(g, 0.99)
    print(f"  gap between moves, s: median {statistics.median(g):.2f}, "
          f"p95 {p95:.2f}, p99 {p99:.2f}, max {max(g):.2f}")  # fmt: skip
    print(f"  longest wait of any table: {worst:.2f} s (table {table})")
    asked = ", ".join(f"{code or 'no answer'}: {n}" for code, n in sorted(answers.items()))
    print(f"  analysis requests by answer: {asked or 'none'}; rows at the end: {states}")
    print(f"  load average (1 min): {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
