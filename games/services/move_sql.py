"""The move path's SQL written out: the row lock, and the INSERT of a move with the UPDATE
of a table's changed fields (one statement for both where the database can), with each
value prepared by its model field as Django's `save()` prepares it (JSON, datetimes,
`auto_now_add`), but without building and compiling a query each time, which cost more CPU
than running it (docs/architecture.md §4)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import connection, models
from django.utils import timezone

from games.reads import rows


def locked(model: type[models.Model], pk: int) -> models.Model | None:
    """The row `pk` of `model`, locked until the end of the transaction (SELECT ... FOR
    UPDATE where the database has it); None if there is none. 0.90 -> 0.41 ms CPU against
    the ORM's `select_for_update().filter(pk=...).first()`; built as games/reads/rows.py
    builds rows, not through a raw queryset, which resolved its columns on every call."""
    q = connection.ops.quote_name
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    # typeshed: an lru_cache takes no type[Any] (a model class, untyped here) as Hashable.
    columns = rows.columns(model, "t")  # type: ignore[arg-type]
    sql = (
        f"SELECT {columns} FROM {q(model._meta.db_table)} t"
        f" WHERE t.{q(model._meta.pk.column)} = %s{lock}"
    )
    found = rows.fetch(sql, [pk])
    return rows.plan(model).build(found[0]) if found else None


def update(row: models.Model, names: Iterable[str], inserted: models.Model | None = None) -> None:
    """UPDATE the fields `names` of `row` (by primary key); with `inserted`, also INSERT that
    row, in the same statement where the database has data-modifying WITH (PostgreSQL): a
    move's row and its table's new version in one round trip instead of two."""
    sql, params = _update(row, names)
    if inserted is None:
        _execute(sql, params)
    elif connection.vendor == "postgresql":
        insert_sql, insert_params = _insert(inserted)
        _execute(f"WITH inserted AS ({insert_sql}) {sql}", [*insert_params, *params])
    else:
        _execute(*_insert(inserted))
        _execute(sql, params)


def compare_and_set(
    row: models.Model, names: Iterable[str], inserted: models.Model,
    expected: dict[str, Any], digest: str,
) -> bool:  # fmt: skip
    """In one statement (autocommit, PostgreSQL): lock `row` if its fields still hold the
    `expected` values, check that its seats' digest (whist_seats_digest, read with a
    snapshot of its own, after the lock) is still `digest`, and only then INSERT `inserted`
    and UPDATE the fields `names` of `row`. Whether it was written (False: something
    changed since the values were read; nothing written)."""
    meta, q = row._meta, connection.ops.quote_name
    fields = [meta.get_field(name) for name in expected]
    where = " AND ".join(f"{q(f.column)} IS NOT DISTINCT FROM %s" for f in fields)
    values = [f.get_db_prep_value(expected[f.name], connection) for f in fields]
    head, marks, insert_params = _insert_parts(inserted)
    sql, params = _update(row, names)
    sql = (
        f"WITH locked AS MATERIALIZED (SELECT {q(meta.pk.column)} AS id"
        f" FROM {q(meta.db_table)} WHERE {q(meta.pk.column)} = %s AND {where} FOR UPDATE),"
        " ok AS MATERIALIZED (SELECT id FROM locked WHERE whist_seats_digest(id, %s) = %s),"
        f" inserted AS ({head} SELECT {marks} FROM ok)"
        f" {sql} AND {q(meta.pk.column)} = (SELECT id FROM ok)"
    )
    at = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(sql, [row.pk, *values, at, digest, *insert_params, *params])
        return cursor.rowcount == 1


def _insert(row: models.Model) -> tuple[str, list[Any]]:
    """INSERT `row` (its primary key is left to the database and not read back)."""
    head, marks, values = _insert_parts(row)
    return f"{head} VALUES ({marks})", values


def _insert_parts(row: models.Model) -> tuple[str, str, list[Any]]:
    meta = row._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    values = [f.get_db_prep_save(f.pre_save(row, True), connection) for f in fields]
    q = connection.ops.quote_name
    columns = ", ".join(q(f.column) for f in fields)
    return f"INSERT INTO {q(meta.db_table)} ({columns})", ", ".join(["%s"] * len(fields)), values


def _update(row: models.Model, names: Iterable[str]) -> tuple[str, list[Any]]:
    meta = row._meta
    fields = [meta.get_field(name) for name in names]
    values = [f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields]
    q = connection.ops.quote_name
    assignments = ", ".join(f"{q(f.column)} = %s" for f in fields)
    sql = f"UPDATE {q(meta.db_table)} SET {assignments} WHERE {q(meta.pk.column)} = %s"
    return sql, [*values, row.pk]


def _execute(sql: str, params: list[Any]) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
