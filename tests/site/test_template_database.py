"""Two checkouts testing against one database name keep their templates to themselves
(tests/template_database.py): a fresh clone's CI failed with 953 errors "template database
whist_template_... does not exist" while another checkout's run dropped that template for
its own. Each case is a checkout of its own (its folder and its migrations' digest), on a
database name no run uses; the templates are empty databases, not migrated ones (the
migration is what a template's name stands for, and costs seconds of CPU)."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import template_database as td


@pytest.fixture
def pg(monkeypatch) -> Iterator[dict[str, Any]]:
    """Connection settings of the test PostgreSQL with a database name of this test's own;
    every database made under that name is dropped at the end."""
    from django.db import connections

    if connections["default"].vendor != "postgresql":
        pytest.skip("needs the PostgreSQL that `make test` uses (DATABASE_URL)")
    monkeypatch.setattr(td, "_migrate", lambda name: None)
    settings = {**connections["default"].settings_dict, "NAME": f"tpl_{uuid.uuid4().hex[:8]}"}
    yield settings
    for name in databases(settings):
        td.drop(settings, name)


def checkout(monkeypatch, root: Path, migrations: str) -> None:
    """From here on, this process is the checkout in folder `root` with migrations' digest
    `migrations`."""
    root.mkdir(exist_ok=True)
    monkeypatch.setattr(td, "ROOT", root)
    monkeypatch.setattr(td, "digest", lambda: migrations * 12)


def databases(settings: dict[str, Any]) -> set[str]:
    with td._maintenance(settings) as conn:
        rows = conn.execute("SELECT datname FROM pg_database WHERE datname LIKE %s",
                            [settings["NAME"] + "%"]).fetchall()  # fmt: skip
    return {name for (name,) in rows}


def test_two_checkouts_on_one_database_name_keep_their_own_templates(pg, monkeypatch,
                                                                     tmp_path) -> None:  # fmt: skip
    checkout(monkeypatch, tmp_path / "one", "a")
    first = td.template(pg)
    checkout(monkeypatch, tmp_path / "two", "b")
    second = td.template(pg)
    assert first != second
    assert databases(pg) == {first, second}


def test_a_checkouts_template_of_other_migrations_is_dropped(pg, monkeypatch, tmp_path) -> None:
    checkout(monkeypatch, tmp_path / "one", "a")
    before = td.template(pg)
    checkout(monkeypatch, tmp_path / "one", "b")
    after = td.template(pg)
    assert before != after
    assert databases(pg) == {after}


def test_the_template_of_a_checkout_whose_folder_is_gone_is_dropped(pg, monkeypatch,
                                                                    tmp_path) -> None:  # fmt: skip
    checkout(monkeypatch, tmp_path / "deleted-clone", "a")
    td.template(pg)
    (tmp_path / "deleted-clone").rmdir()
    checkout(monkeypatch, tmp_path / "two", "b")
    name = td.template(pg)
    assert databases(pg) == {name}


def test_a_template_dropped_between_the_look_and_the_copy_is_made_again(
    pg, monkeypatch, tmp_path
) -> None:
    """As a checkout whose code predates templates of their own dropped it (any other
    template of the database name went with a new one)."""
    checkout(monkeypatch, tmp_path / "one", "a")
    name = td.template(pg)
    looked = td._exists

    def dropped_after_the_look(conn: Any, database: str) -> bool:
        found = looked(conn, database)
        if found and database == name and not dropped:
            td.drop(pg, name)
            dropped.append(name)
        return found

    dropped: list[str] = []
    monkeypatch.setattr(td, "_exists", dropped_after_the_look)
    copy = pg["NAME"] + "_copy"
    td.copy_of_template(pg, copy)
    assert dropped == [name]
    assert databases(pg) == {name, copy}


def test_a_long_database_names_templates_fit_in_a_postgresql_name() -> None:
    long = "whist_" + "x" * 60
    other = "whist_" + "x" * 59 + "y"
    for base in (long, other):
        name = td.template_name(base) + td.MAKING
        assert len(name.encode()) <= td.NAME_BYTES, name
    assert td.prefix(long) != td.prefix(other)


def test_the_digest_is_the_same_however_often_sys_path_names_the_checkout(monkeypatch) -> None:
    """An xdist worker's sys.path names the checkout twice, `python -m pytest`'s three times
    (the nested runs of tests/site/test_make_test.py), a process started elsewhere not at
    all: one digest, one template."""
    first = td.digest()
    root = str(td.ROOT)
    monkeypatch.setattr(sys, "path", [root, "", root, *sys.path])
    assert td.digest() == first
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", root)])
    assert td.digest() == first


@pytest.mark.django_db
def test_a_test_database_commits_without_waiting_for_the_disk() -> None:
    """synchronous_commit off on each worker's copy (a commit waited about 3 ms for the WAL's
    fsync on this machine, 0.2 without; a crash loses nothing a test run keeps)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs the PostgreSQL that `make test` uses (DATABASE_URL)")
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("off",)
