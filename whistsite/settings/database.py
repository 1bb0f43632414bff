"""The database: PostgreSQL (or SQLite) from DATABASE_URL, else the embedded SQLite file of
`make run`."""

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url

from whistsite.settings.environment import BASE_DIR, env_bool, env_int, env_str, env_url

_POSTGRES = ("postgres", "postgresql", "pgsql")
DATABASE_URL = env_url(
    "DATABASE_URL", (*_POSTGRES, "sqlite"), "postgres://whist:PASSWORD@db.internal:5432/whist"
)
_ON_POSTGRES = bool(DATABASE_URL) and urlsplit(DATABASE_URL).scheme in _POSTGRES
if _ON_POSTGRES:
    # Persistent connections (one per server thread, checked before reuse): a new
    # PostgreSQL connection per call cost Daphne about a tenth of its time (docs/benchmarks.md).
    # Channels' database_sync_to_async closes only connections older than this.
    DATABASES: dict[str, Any] = {
        "default": dj_database_url.parse(
            str(DATABASE_URL),
            conn_max_age=env_int("WHIST_DB_CONN_MAX_AGE", 600),
            conn_health_checks=True,
        )
    }
    # Django's backend, with the health check skipped for a connection used a moment ago
    # (whistsite/patches/postgres/__init__.py).
    DATABASES["default"]["ENGINE"] = "whistsite.patches.postgres"
    # Prepared statements: with server-side binding psycopg prepares a statement
    # on its connection from its fifth use, so PostgreSQL parses and plans each of the few
    # statements a move makes once per connection, not once per move. WHIST_DB_PREPARED=0
    # turns it off, for a pooler in transaction mode (docs/deployment.md, "Capacity").
    if env_bool("WHIST_DB_PREPARED", True):
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=5
        )
    # A server that vanishes mid-transaction (power, network) never says so: PostgreSQL kept
    # its session, and the row locks it held (a table's, during a move), for as long as TCP
    # took to give it up (15 minutes of retransmissions, or two hours of keepalive), while
    # that table's sockets waited on the lock. PostgreSQL now gives up on a client that has
    # not acknowledged what it sent for WHIST_DB_KEEPALIVE seconds, or that answers no probe
    # when idle that long, and ends its session (the transaction rolled back, its locks
    # freed). 0 leaves the server's settings (a pooler such as PgBouncer may refuse these
    # startup options: docs/deployment.md).
    _keepalive = env_int("WHIST_DB_KEEPALIVE", 10)
    if _keepalive > 0:
        DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
            f"-c tcp_user_timeout={_keepalive * 1000} -c tcp_keepalives_idle={_keepalive}"
            f" -c tcp_keepalives_interval={max(1, _keepalive // 3)} -c tcp_keepalives_count=3"
        )
else:
    # SQLite, set up for concurrent use: WAL lets readers go on beside the writer;
    # a write transaction takes the lock when it begins (IMMEDIATE), so a second writer waits
    # (up to `timeout` seconds) instead of failing at once with "database is locked". A
    # DATABASE_URL of sqlite:///path names the file, as WHIST_SQLITE_PATH does.
    _sqlite_file = dj_database_url.parse(DATABASE_URL)["NAME"] if DATABASE_URL else None
    _sqlite_file = _sqlite_file or env_str("WHIST_SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": Path(
                _sqlite_file or env_str("WHIST_SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
            ),
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
# On PostgreSQL, sockets' database work and each change's views run in any thread of a
# pool, not all in one (games/sockets/threads.py db_call, games/broadcast.py); not with SQLite,
# whose writer would lock the other threads out.
WHIST_DB_THREADS = _ON_POSTGRES
# Named explicitly: ChannelsLiveServerTestCase under pytest-django otherwise connects to
# "test_test_<name>" (docs/stack-notes.md §2.3, django/channels#2176).
DATABASES["default"]["TEST"] = {
    "NAME": (
        f"test_{DATABASES['default']['NAME']}" if _ON_POSTGRES else BASE_DIR / "test_db.sqlite3"
    )
}
