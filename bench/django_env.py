"""Django for the benches: the one place that says how a bench runs the site's code.

`django_on` sets Django up in the bench's own process on a database of the bench's own
(annul, drive, events, history_query, move_floor, move_path, pool, rankings, records);
`environment` is what the benches that start servers give them as well (capacity,
load_stack, stalls).
"""

from __future__ import annotations

import os
import secrets
import sys
import warnings
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.capacity import DATABASE_URL, database_url, ensure_database  # noqa: E402


def environment(hosts: str = "testserver") -> dict[str, str]:
    """The site's settings with debugging off, as in production, and so with keys (without
    them the settings refuse to start): DJANGO_SECRET_KEY and WHIST_DEAL_SECRET from the
    environment where set (every process of a run must share the deal secret), else this
    run's own. `hosts`: the host names it answers to (Django's test client is `testserver`)."""
    return {
        "DJANGO_SETTINGS_MODULE": "whistsite.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_ALLOWED_HOSTS": hosts,
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
        "WHIST_DEAL_SECRET": os.environ.get("WHIST_DEAL_SECRET") or secrets.token_urlsafe(32),
    }


def bench_database(name: str) -> str:
    """The URL of the bench's own database `name` on the server of DATABASE_URL (default the
    Makefile's)."""
    return database_url(os.environ.get("DATABASE_URL", DATABASE_URL), name)


def run_database(base: str, name: str) -> str:
    """The URL of a database of this run's own on the server of `base`, `<base's
    name>_<name>_<pid>`: two runs on one DATABASE_URL no longer make, fill and drop the same
    database under each other. The databases of earlier runs whose process is gone (killed
    before it dropped its own) are dropped first."""
    import psycopg

    prefix = f"{urlsplit(base).path.strip('/') or 'whist'}_{name}"
    with psycopg.connect(database_url(base, "postgres"), autocommit=True) as conn:
        names = [row[0] for row in conn.execute("SELECT datname FROM pg_database")]
        for leftover in leftovers(names, prefix):
            quoted = leftover.replace('"', '""')
            conn.execute(f'DROP DATABASE IF EXISTS "{quoted}" WITH (FORCE)')
    return database_url(base, f"{prefix}_{os.getpid()}")


def leftovers(names: Iterable[str], prefix: str) -> list[str]:
    """Of the database `names`, those of a run (`<prefix>_<pid>`) whose process is gone."""
    found = []
    for name in names:
        head, _, pid = name.rpartition("_")
        if head == prefix and pid.isdigit() and not _alive(int(pid)):
            found.append(name)
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's
        return True
    return True


def django_on(url: str, migrate: bool = True) -> None:
    """Django set up in this process on the bench database `url` (made if missing; migrated
    unless `migrate` is false), without Redis: the cache and the channel layer in this
    process's memory, Celery tasks run in the call (runtime/scheduling.py)."""
    ensure_database(url)
    os.environ.update(environment(), DATABASE_URL=url)
    os.environ.pop("REDIS_URL", None)
    warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic
    import django

    django.setup()
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
