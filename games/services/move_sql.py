"""The move path's SQL written out: the row lock, and the INSERT of a move with the UPDATE
of a table's changed fields (one statement for both where the database can), with each
value prepared as Django's `save()` prepares it (JSON, datetimes, `auto_now_add`), but
without building and compiling a query each time, which cost more CPU than running it
(docs/architecture.md §4). Each statement's text is made once per shape (model, fields)
and each value goes through the one adaptation its field's type needs (`_prep`): Django's
field by field preparation of a move's 17 values cost more than the statement's round
trip (docs/benchmarks.md, sixth session)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from functools import cache
from typing import Any, cast

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.models.base import ModelState
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
    db = connections[DEFAULT_DB_ALIAS]
    names = tuple(names)
    params = _update_params(row, names, db)
    sql = _update_sql(type(row), names)
    if inserted is None:
        _execute(db, sql, params)
    elif db.vendor == "postgresql":
        head, marks = _insert_sql(type(inserted))
        _execute(
            db, f"WITH inserted AS ({head} VALUES ({marks})) {sql}",
            [*_insert_params(inserted, db), *params],
        )  # fmt: skip
    else:
        head, marks = _insert_sql(type(inserted))
        _execute(db, f"{head} VALUES ({marks})", _insert_params(inserted, db))
        _execute(db, sql, params)


def compare_and_set(
    row: models.Model, names: Iterable[str], inserted: models.Model,
    expected: dict[str, Any], digest: str, arm_at: datetime | None, now: datetime,
) -> datetime | None | bool:  # fmt: skip
    """In one statement (autocommit, PostgreSQL): lock `row` (a table) if its fields still
    hold the `expected` values, check that its seats' digest (whist_seats_digest, read with
    a snapshot of its own, after the lock) is still `digest`, and only then INSERT `inserted`
    and UPDATE the fields `names` of `row` but `timer_due`, which is the row's: kept, unless
    `arm_at` (a human's timed turn, its deadline) finds no timer pending by then (the row's
    due after `now` and not after `arm_at`), when it is `arm_at`. The row's `timer_due` after
    it, or False if nothing was written (something changed since the values were read)."""
    db = connections[DEFAULT_DB_ALIAS]
    names, model = tuple(n for n in names if n != "timer_due"), type(row)
    checked = _fields(model, tuple(expected))
    values = [prep(expected[f.name], db) for f, prep in checked]
    sql = _cas_sql(model, names, tuple(expected), type(inserted))
    adapt = db.ops.adapt_datetimefield_value
    params = [row.pk, *values, adapt(timezone.now()), digest, *_insert_params(inserted, db)]
    arm = adapt(arm_at) if arm_at is not None else None
    update = _update_params(row, names, db)
    update[-1:-1] = [arm, adapt(now), arm, arm]  # the timer's CASE, before the primary key
    found = rows.run(db, sql, [*params, *update], rows.ROWS)
    return found[0][0] if found else False


def new_row[M: models.Model](
    model: type[M], values: dict[str, Any], related: dict[str, models.Model]
) -> M:  # fmt: skip
    """The row `model(**values, **related)` makes, to INSERT: `values` by attribute name, one
    for each concrete field; `related` the instances of its foreign keys (their ids among
    `values`), cached as `__init__` caches them; without `__init__`'s field by field work
    (docs/benchmarks.md, sixth session). tests/games/test_move_sql.py compares the two."""
    row = object.__new__(model)
    state = row._state = ModelState()  # adding: as `__init__` leaves it
    row.__dict__.update(values)
    if related:  # a foreign key's instance sets the row's database (no routers here)
        state.db = DEFAULT_DB_ALIAS
        state.fields_cache.update(related)
    return row


def _once[F: Callable[..., Any]](function: F) -> F:
    """`functools.cache`, its signature kept for the type checker (typeshed's wrapper takes
    only Hashable arguments, and a model class is untyped here)."""
    return cast(F, cache(function))


Prep = Callable[[Any, Any], Any]  # a value and the connection: the value as the driver gets it
INTEGERS = frozenset(
    ("IntegerField", "PositiveIntegerField", "SmallIntegerField", "PositiveSmallIntegerField",
     "BigIntegerField", "PositiveBigIntegerField")
)  # fmt: skip
AUTO = frozenset(("AutoField", "BigAutoField", "SmallAutoField"))


@_once
def _prep(field: models.Field) -> Prep:
    """`field.get_db_prep_save` for the values a move writes, without its chain of calls:
    an int, a string, a bool, an aware datetime or None goes through the one adaptation
    Django gives it (the integer's type for psycopg, the backend's datetime); anything
    else (JSON, an expression) through the field itself. tests/games/test_move_sql.py
    compares the two for every field of a table and a move."""
    kind = (
        field.target_field.get_internal_type() if field.is_relation else field.get_internal_type()
    )
    slow = field.get_db_prep_save
    if kind in INTEGERS:
        return lambda v, db: (
            db.ops.adapt_integerfield_value(v, kind) if v.__class__ is int else slow(v, db)
        )
    if kind in AUTO:  # a primary key's, or a foreign key to one
        return lambda v, db: db.ops.validate_autopk_value(v) if v.__class__ is int else slow(v, db)
    if kind in ("CharField", "TextField"):
        return lambda v, db: v if isinstance(v, str) or v is None else slow(v, db)
    if kind == "BooleanField":
        return lambda v, db: v if v.__class__ is bool or v is None else slow(v, db)
    if kind == "DateTimeField":

        def dated(v: Any, db: Any) -> Any:
            if v is None:
                return None
            aware = v.__class__ is datetime and v.tzinfo is not None
            return db.ops.adapt_datetimefield_value(v) if aware else slow(v, db)

        return dated
    return slow


@_once
def _fields(model: type[models.Model], names: tuple[str, ...]) -> tuple[tuple[Any, Prep], ...]:
    meta = model._meta
    return tuple((f, _prep(f)) for f in (meta.get_field(name) for name in names))


@_once
def _inserted_fields(model: type[models.Model]) -> tuple[tuple[Any, Prep, bool], ...]:
    """The fields an INSERT writes (not the primary key, left to the database), each with its
    preparation and whether its value comes from `pre_save` (`auto_now_add`, `auto_now`)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    return tuple(
        (f, _prep(f), bool(getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)))
        for f in fields
    )


def _insert_params(row: models.Model, db: Any) -> list[Any]:
    """`row`'s values as its INSERT writes them (`auto_now_add` and `auto_now` set now)."""
    return [
        prep(f.pre_save(row, True) if dated else getattr(row, f.attname), db)
        for f, prep, dated in _inserted_fields(type(row))
    ]


def _update_params(row: models.Model, names: tuple[str, ...], db: Any) -> list[Any]:
    return [*(prep(getattr(row, f.attname), db) for f, prep in _fields(type(row), names)), row.pk]


@_once
def _insert_sql(model: type[models.Model]) -> tuple[str, str]:
    """INSERT `model`'s row (its primary key is left to the database and not read back):
    the statement's head and its value marks."""
    q = connection.ops.quote_name
    fields = [f for f, _, _ in _inserted_fields(model)]
    columns = ", ".join(q(f.column) for f in fields)
    return f"INSERT INTO {q(model._meta.db_table)} ({columns})", ", ".join(["%s"] * len(fields))


@_once
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    meta, q = model._meta, connection.ops.quote_name
    assignments = ", ".join(f"{q(f.column)} = %s" for f, _ in _fields(model, names))
    return f"UPDATE {q(meta.db_table)} SET {assignments} WHERE {q(meta.pk.column)} = %s"


@_once
def _cas_sql(
    model: type[models.Model], names: tuple[str, ...], expected: tuple[str, ...],
    inserted: type[models.Model],
) -> str:  # fmt: skip
    meta, q = model._meta, connection.ops.quote_name
    where = " AND ".join(
        f"{q(f.column)} IS NOT DISTINCT FROM %s" for f, _ in _fields(model, expected)
    )
    head, marks = _insert_sql(inserted)
    due = q("timer_due")
    assignments = ", ".join(f"{q(f.column)} = %s" for f, _ in _fields(model, names))
    timer = (
        f"{due} = CASE WHEN %s::timestamptz IS NULL THEN {due}"
        f" WHEN {due} > %s AND {due} <= %s THEN {due} ELSE %s END"
    )
    return (
        f"WITH locked AS MATERIALIZED (SELECT {q(meta.pk.column)} AS id"
        f" FROM {q(meta.db_table)} WHERE {q(meta.pk.column)} = %s AND {where} FOR UPDATE),"
        " ok AS MATERIALIZED (SELECT id FROM locked WHERE whist_seats_digest(id, %s) = %s),"
        f" inserted AS ({head} SELECT {marks} FROM ok)"
        f" UPDATE {q(meta.db_table)} SET {assignments}, {timer}"
        f" WHERE {q(meta.pk.column)} = %s AND {q(meta.pk.column)} = (SELECT id FROM ok)"
        f" RETURNING {due}"
    )


def _execute(db: Any, sql: str, params: list[Any]) -> None:
    rows.run(db, sql, params, rows.COUNT)
