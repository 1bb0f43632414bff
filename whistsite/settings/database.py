"""The database: PostgreSQL from DATABASE_URL, else the embedded SQLite file of `make run`."""

import os

import dj_database_url

from whistsite.settings.environment import BASE_DIR

# DATABASE_URL (PostgreSQL) if set, else the embedded SQLite file for `make run`.
DATABASE_URL = os.environ.get("DATABASE_URL")
if DATABASE_URL:
    # Persistent connections (one per server thread, checked before reuse): a new
    # PostgreSQL connection per call cost Daphne about a tenth of its time (issue 14).
    # Channels' database_sync_to_async closes only connections older than this.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=int(os.environ.get("WHIST_DB_CONN_MAX_AGE", "600")),
            conn_health_checks=True,
        )
    }
    # Prepared statements (issue 21): with server-side binding psycopg prepares a statement
    # on its connection from its fifth use, so PostgreSQL parses and plans each of the few
    # statements a move makes once per connection, not once per move. WHIST_DB_PREPARED=0
    # turns it off, for a pooler in transaction mode (docs/deployment.md, "Capacity").
    if os.environ.get("WHIST_DB_PREPARED", "1") != "0":
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=5
        )
else:
    # Set up for concurrent use (issue 26): WAL lets readers go on beside the writer; a
    # write transaction takes the lock when it begins (IMMEDIATE), so a second writer waits
    # (up to `timeout` seconds) instead of failing at once with "database is locked".
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("WHIST_SQLITE_PATH", BASE_DIR / "db.sqlite3"),
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
# On PostgreSQL, sockets' database work and each change's views run in any thread of a
# pool, not all in one (games/sockets/frames.py db_call, games/broadcast.py); not with SQLite,
# whose writer would lock the other threads out.
WHIST_DB_THREADS = bool(DATABASE_URL)
# Named explicitly: ChannelsLiveServerTestCase under pytest-django otherwise connects to
# "test_test_<name>" (docs/stack-notes.md §2.3, django/channels#2176).
DATABASES["default"]["TEST"] = {
    "NAME": (
        f"test_{DATABASES['default']['NAME']}" if DATABASE_URL else BASE_DIR / "test_db.sqlite3"
    )
}
