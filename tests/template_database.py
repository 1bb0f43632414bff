"""The PostgreSQL test databases as copies of one migrated template, not migrated each.

Every pytest-xdist worker of both runs of `make test` (six) migrated a database of its own
from nothing, each a few seconds of CPU in Python and PostgreSQL (docs/benchmarks.md). Here
the first worker to start migrates a template once, under an advisory lock the others wait
on, and each worker's database is a `CREATE DATABASE ... TEMPLATE` of it (a file copy);
Django's own setup then finds every migration applied. The template's name carries a digest
of every migration file and of the installed packages' versions, so a changed migration,
a new one or an upgraded Django makes a new template (and the old ones of this database
name are dropped); a template is made under a temporary name and renamed when migrated, so
a failed migration never leaves one behind. Without PostgreSQL (SQLite) nothing changes.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def digest() -> str:
    """What the migrated schema depends on: the project's migration files and the versions
    of the installed packages (Django's own apps and third-party apps bring migrations)."""
    h = hashlib.sha256()
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    versions = sorted(
        f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()
    )
    h.update("\n".join(versions).encode())
    return h.hexdigest()[:12]


@contextmanager
def _maintenance(settings_dict: dict[str, Any]) -> Iterator[Any]:
    """An autocommit connection to the `postgres` database of the test database's server."""
    import psycopg

    params = {
        "dbname": "postgres", "user": settings_dict["USER"],
        "password": settings_dict["PASSWORD"], "host": settings_dict["HOST"] or None,
        "port": settings_dict["PORT"] or None,
    }  # fmt: skip
    with psycopg.connect(autocommit=True, **{k: v for k, v in params.items() if v}) as conn:
        yield conn


def _exists(conn: Any, name: str) -> bool:
    return (
        conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None
    )


def _migrate(name: str) -> None:
    """Run the migrations on database `name` in a process of its own (the test settings)."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    env.pop("PYTEST_XDIST_WORKER", None)
    code = (
        "import django, sys; from django.conf import settings; django.setup(); "
        "from django.db import connections; "
        f"connections['default'].settings_dict['NAME'] = {name!r}; "
        "from django.core.management import call_command; "
        "call_command('migrate', verbosity=0, interactive=False)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True)  # fmt: skip
    if done.returncode:
        raise RuntimeError(f"migrating the test template {name} failed:\n{done.stderr[-4000:]}")


def template(settings_dict: dict[str, Any]) -> str:
    """The migrated template for this code, made if missing (once, whichever worker asks
    first; the others wait for it)."""
    from psycopg import sql

    base = settings_dict["NAME"]
    name = f"{base}_template_{digest()}"
    with _maintenance(settings_dict) as conn:
        conn.execute("SELECT pg_advisory_lock(hashtext(%s))", [name])
        try:
            if not _exists(conn, name):
                making = f"{name}_making"
                conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(making)))  # fmt: skip
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(making)))
                _migrate(making)
                conn.execute(sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                    sql.Identifier(making), sql.Identifier(name)))  # fmt: skip
                old = conn.execute(
                    "SELECT datname FROM pg_database WHERE datname LIKE %s AND datname <> %s",
                    [f"{base}\\_template\\_%", name],
                ).fetchall()
                for (stale,) in old:
                    conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                        sql.Identifier(stale)))  # fmt: skip
        finally:
            conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", [name])
    return name


def copy_of_template(settings_dict: dict[str, Any], test_name: str) -> None:
    """Database `test_name` made afresh as a copy of the template (a leftover of an earlier
    run, killed before its end, is dropped first)."""
    from psycopg import sql

    source = template(settings_dict)
    with _maintenance(settings_dict) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(test_name)))  # fmt: skip
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
            sql.Identifier(test_name), sql.Identifier(source)))  # fmt: skip


def drop(settings_dict: dict[str, Any], test_name: str) -> None:
    from psycopg import sql

    with _maintenance(settings_dict) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(test_name)))  # fmt: skip


def _on_postgres() -> bool:
    from django.db import connections

    return connections["default"].vendor == "postgresql"


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """This worker's test database (its name has the worker's suffix by now, and the run's,
    WHIST_TEST_DATABASE_SUFFIX, after it), copied from the template before pytest-django's
    setup, which then keeps it (django_db_keepdb)."""
    from django.db import connections

    if _on_postgres():
        settings_dict = connections["default"].settings_dict
        settings_dict["TEST"]["NAME"] = run_test_name(_test_name(settings_dict))
        copy_of_template(settings_dict, _test_name(settings_dict))


@pytest.fixture(scope="session")
def django_db_keepdb(request: pytest.FixtureRequest) -> bool:
    """Django keeps the copy (its migrate finds nothing to do) and does not drop it: the
    session's end does (tests/conftest.py django_db_setup)."""
    return _on_postgres() or bool(request.config.getvalue("reuse_db"))


def run_test_name(name: str) -> str:
    """A test database's name with this run's suffix after it (WHIST_TEST_DATABASE_SUFFIX): a
    run beside another on the same PostgreSQL (make test's browser run beside its unit run,
    whose xdist workers have the same names) names its test databases apart."""
    suffix = os.environ.get("WHIST_TEST_DATABASE_SUFFIX", "")
    return f"{name}_{suffix}" if suffix else name


def _test_name(settings_dict: dict[str, Any]) -> str:
    return settings_dict["TEST"].get("NAME") or f"test_{settings_dict['NAME']}"


def drop_test_database() -> None:
    """The end of the session: this worker's copy goes (every connection closed first)."""
    from django.db import connections

    if _on_postgres():
        settings_dict = connections["default"].settings_dict
        drop(settings_dict, settings_dict["NAME"])
