"""The PostgreSQL test databases as copies of one migrated template, not migrated each.

Every pytest-xdist worker of both runs of `make test` (six) migrated a database of its own
from nothing, each a few seconds of CPU in Python and PostgreSQL (docs/benchmarks.md). Here
the first worker to start migrates a template once, under an advisory lock the others wait
on, and each worker's database is a `CREATE DATABASE ... TEMPLATE` of it (a file copy);
Django's own setup then finds every migration applied. The template's name carries a digest
of every migration file and of the installed packages' versions, so a changed migration,
a new one or an upgraded Django makes a new template; a template is made under a temporary
name and renamed when migrated, so a failed migration never leaves one behind. Without
PostgreSQL (SQLite) nothing changes.

A template belongs to its checkout: its name also carries a mark of the checkout (the
machine's name and the checkout's folder), and a new template drops only this checkout's
others. Two checkouts testing against one database name (a fresh clone's CI beside another
checkout's run, both on `whist`, whose installed packages differ) dropped each other's
template, and a worker that had found it then failed to copy it: 953 errors "template
database ... does not exist" in one CI run. Another checkout's template goes only once its
folder is gone from this machine (a deleted clone's; the folder is the template's comment).
A copy is made under a shared lock of this checkout's templates, which making or dropping one
takes alone; and a template dropped all the same (by a checkout whose code predates this)
is made again.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAME_BYTES = 63  # PostgreSQL's longest name: a longer one is cut short (and names collide)
MAKING = "_making"  # a template's name while it is migrated
MARK_CHARS = 8  # the checkout's mark in a template's name
DIGEST_CHARS = 12  # the migrations' digest in a template's name


def digest() -> str:
    """What the migrated schema depends on: the project's migration files and the versions
    of the installed packages (Django's own apps and third-party apps bring migrations)."""
    h = hashlib.sha256()
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    h.update("\n".join(installed()).encode())
    return h.hexdigest()[:DIGEST_CHARS]


def installed() -> list[str]:
    """The installed packages' names and versions, each once, as the virtualenv has them.
    Not the checkout's own metadata folder (whist_room.egg-info, made by the editable
    install): it was counted once for each entry of sys.path that names the checkout, and
    those differ between processes (an xdist worker has two, `python -m pytest` three), so
    the nested pytest runs of tests/site/test_make_test.py made a template of their own in
    the middle of make test and dropped the run's; a worker that came to the database late
    made it again, or failed to copy it (a fresh clone's CI: 953 errors "template database
    ... does not exist", one worker's share of the unit run)."""
    paths = [p for p in sys.path if Path(p or ".").resolve() != ROOT]
    found = importlib.metadata.distributions(path=paths)
    return sorted({f"{d.metadata['Name']}=={d.version}" for d in found})


def _owner() -> dict[str, str]:
    """Whose templates these are: this machine and this checkout's folder."""
    return {"host": socket.gethostname(), "root": str(ROOT)}


def checkout_mark() -> str:
    return hashlib.sha256(json.dumps(_owner()).encode()).hexdigest()[:MARK_CHARS]


def _short(base: str) -> str:
    """Database name `base` as templates' names start with it: a long one is cut and keeps a
    digest of its whole, so that a template's name with MAKING after it fits in NAME_BYTES."""
    room = NAME_BYTES - len("_template_") - MARK_CHARS - 1 - DIGEST_CHARS - len(MAKING)
    if len(base.encode()) <= room:
        return base
    cut = base.encode()[: room - MARK_CHARS - 1].decode(errors="ignore")
    return f"{cut}_{hashlib.sha256(base.encode()).hexdigest()[:MARK_CHARS]}"


def prefix(base: str) -> str:
    """The start of the names of this checkout's templates of database `base`."""
    return f"{_short(base)}_template_{checkout_mark()}_"


def template_name(base: str) -> str:
    return prefix(base) + digest()


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


@contextmanager
def _locked(conn: Any, key: str, shared: bool = False) -> Iterator[None]:
    """Advisory lock `key` (a checkout's templates of one database name), held by this
    connection: shared for a copy, alone to make or drop a template."""
    kind = "_shared" if shared else ""
    conn.execute(f"SELECT pg_advisory_lock{kind}(hashtext(%s))", [key])
    try:
        yield
    finally:
        conn.execute(f"SELECT pg_advisory_unlock{kind}(hashtext(%s))", [key])


def _exists(conn: Any, name: str) -> bool:
    return (
        conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None
    )


def _drop(conn: Any, name: str) -> None:
    from psycopg import sql

    conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


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


def _make(conn: Any, base: str, name: str) -> None:
    """Template `name` migrated, if missing, and this checkout's other templates of `base`
    dropped; under the lock of this checkout's templates, alone."""
    from psycopg import sql

    with _locked(conn, prefix(base)):
        if _exists(conn, name):
            return
        making = f"{name}{MAKING}"
        _drop(conn, making)
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(making)))
        conn.execute(sql.SQL("COMMENT ON DATABASE {} IS {}").format(
            sql.Identifier(making), sql.Literal(json.dumps(_owner()))))  # fmt: skip
        _no_commit_wait(conn, making)
        _migrate(making)
        conn.execute(sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
            sql.Identifier(making), sql.Identifier(name)))  # fmt: skip
        _drop_stale(conn, base, name)


def _no_commit_wait(conn: Any, name: str) -> None:
    """Database `name`'s commits no longer wait for the WAL's fsync (synchronous_commit off,
    for every later connection; a copy of a template does not inherit it): about 3 ms a
    commit on this machine's disk, 0.2 without (docs/benchmarks.md, ninth session). A crash
    of PostgreSQL would lose the last commits of a database no run keeps."""
    from psycopg import sql

    conn.execute(sql.SQL("ALTER DATABASE {} SET synchronous_commit = off").format(
        sql.Identifier(name)))  # fmt: skip


def _drop_stale(conn: Any, base: str, name: str) -> None:
    """This checkout's templates of `base` but `name` (other migrations'), and those of
    checkouts of this machine whose folder is gone; not another checkout's while it holds its
    lock, nor one whose owner it cannot tell (made before templates had owners)."""
    pattern = _short(base).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    mine = prefix(base)
    rows = conn.execute(
        "SELECT datname, shobj_description(oid, 'pg_database') FROM pg_database "
        "WHERE datname LIKE %s AND datname <> %s",
        [f"{pattern}\\_template\\_%", name],
    ).fetchall()
    for stale, comment in rows:
        if stale.startswith(mine):
            _drop(conn, stale)
        elif _owner_gone(comment) and len(stale) > len(mine):
            theirs = stale[: len(mine)]  # every checkout's prefix of `base` is as long
            got = conn.execute("SELECT pg_try_advisory_lock(hashtext(%s))", [theirs]).fetchone()
            if got[0]:
                try:
                    _drop(conn, stale)
                finally:
                    conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", [theirs])


def _owner_gone(comment: str | None) -> bool:
    try:
        owner = json.loads(comment or "")
    except ValueError:
        return False
    if not isinstance(owner, dict) or owner.get("host") != socket.gethostname():
        return False
    return isinstance(owner.get("root"), str) and not Path(owner["root"]).exists()


def template(settings_dict: dict[str, Any]) -> str:
    """The migrated template of this checkout's code, made if missing (once, whichever
    worker asks first; the others wait for it)."""
    base, name = settings_dict["NAME"], template_name(settings_dict["NAME"])
    with _maintenance(settings_dict) as conn:
        _make(conn, base, name)
    return name


def copy_of_template(settings_dict: dict[str, Any], test_name: str) -> None:
    """Database `test_name` made afresh as a copy of the template (a leftover of an earlier
    run, killed before its end, is dropped first), under the shared lock: no template of
    this checkout goes while it is copied."""
    import psycopg
    from psycopg import sql

    base, name = settings_dict["NAME"], template_name(settings_dict["NAME"])
    with _maintenance(settings_dict) as conn:
        while True:
            with _locked(conn, prefix(base), shared=True):
                if _exists(conn, name):
                    _drop(conn, test_name)
                    try:
                        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                            sql.Identifier(test_name), sql.Identifier(name)))  # fmt: skip
                        _no_commit_wait(conn, test_name)
                        return
                    except psycopg.errors.InvalidCatalogName:
                        pass  # dropped between the look and the copy: made again below
            _make(conn, base, name)


def dump_of_template(database_url: str) -> str | None:
    """The migrated template of this checkout's code (made if missing) as pg_dump's SQL, owners
    and grants left out; None unless `database_url` is PostgreSQL. The fault stacks' cluster
    (tests/faults/stack.py) loads it instead of migrating an empty database again: the same
    migrations, made once a run, not twice. Dumped
    under this checkout's lock, alone: a copy (CREATE DATABASE ... TEMPLATE) fails while
    another session is connected to its template."""
    import dj_database_url

    if urlsplit(database_url).scheme not in ("postgres", "postgresql", "pgsql"):
        return None
    settings_dict = dj_database_url.parse(database_url)
    base, name = settings_dict["NAME"], template_name(settings_dict["NAME"])
    host, port = settings_dict["HOST"] or "127.0.0.1", str(settings_dict["PORT"] or 5432)
    command = ["pg_dump", "--no-owner", "--no-acl", "-d", name, "-U", settings_dict["USER"],
               "-h", host, "-p", port]  # fmt: skip
    env = {**os.environ, "PGPASSWORD": settings_dict["PASSWORD"] or ""}
    with _maintenance(settings_dict) as conn:
        _make(conn, base, name)
        with _locked(conn, prefix(base)):
            return subprocess.run(command, env=env, check=True, capture_output=True,
                                  text=True).stdout  # fmt: skip


def drop(settings_dict: dict[str, Any], test_name: str) -> None:
    with _maintenance(settings_dict) as conn:
        _drop(conn, test_name)


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
