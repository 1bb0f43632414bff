"""Model instances from SQL written out, for the reads every change of a table makes (its
row lock, its seats with their users): each model's columns, in the order its instances are
built from, and their converters, worked out once per model and connection. A raw queryset
works them out again on every query: three quarters of its CPU on the move path, 11% of a
loaded Daphne's samples (docs/benchmarks.md, "The move's SQL written out")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter, methodcaller
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model
from django.db.models.expressions import Col
from django.utils import timezone


class Plan:
    """How to build a `model` instance from its columns as `columns` lists them."""

    def __init__(self, model: type[Model], db: Any) -> None:
        fields = model._meta.concrete_fields
        self.model, self.size, self.db = model, len(fields), db
        self.converters: list[tuple[int, Col, list[Callable[..., Any]]]] = []
        for index, field in enumerate(fields):
            col = field.get_col(model._meta.db_table)
            found = db.ops.get_db_converters(col) + col.get_db_converters(db)
            if found:
                self.converters.append((index, col, found))

    def build(self, row: Sequence[Any], start: int = 0) -> Model:
        """The instance whose columns begin at `start` of `row`."""
        values = list(row[start : start + self.size])
        for index, col, found in self.converters:
            value = values[index]
            for convert in found:
                value = convert(value, col, self.db)
            values[index] = value
        return self.model.from_db(self.db.alias, None, values)


def plan(model: type[Model]) -> Plan:
    """`model`'s plan for this thread's connection (its converters are bound to it), kept
    on the connection object, so that it goes with it. (Kept in a WeakKeyDictionary keyed by
    the connection, each plan's reference to its connection kept the key alive: every
    ended thread's connection, and its PostgreSQL session, stayed until the process
    ended; the test databases could not be dropped for them.)"""
    db = connections[DEFAULT_DB_ALIAS]
    by_model = db.__dict__.setdefault("_row_plans", {})
    found = by_model.get(model)
    if found is None:
        found = by_model[model] = Plan(model, db)
    return found


@cache
def columns(model: type[Model], alias: str) -> str:
    """`model`'s columns as `alias`.column, in the order `Plan.build` reads them."""
    q = connections[DEFAULT_DB_ALIAS].ops.quote_name
    return ", ".join(f"{alias}.{q(f.column)}" for f in model._meta.concrete_fields)


def now_param() -> Any:
    """Now, as the database compares it with a stored date and time (a query parameter)."""
    return connections[DEFAULT_DB_ALIAS].ops.adapt_datetimefield_value(timezone.now())


ROWS, COUNT = methodcaller("fetchall"), attrgetter("rowcount")  # what `run` gives back


def fetch(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    return run(connections[DEFAULT_DB_ALIAS], sql, params, ROWS)


def run[T](db: Any, sql: str, params: Sequence[Any], result: Callable[[Any], T]) -> T:
    """`result` of `db`'s cursor (e.g. its rows, its rowcount) after `sql` ran."""
    if db.queries_logged:  # a debug cursor, each statement logged: one made for each
        with db.cursor() as cursor:
            cursor.execute(sql, params)
            return result(cursor)
    cursor = kept_cursor(db)
    cursor.execute(sql, params)
    return result(cursor)


def kept_cursor(db: Any) -> Any:
    """A cursor of `db`'s connection (this thread's), kept for the statements written out
    here and in games/services/move_sql.py rather than made and closed for each: a psycopg
    cursor's making (its adapters' transformer, which then looks up each parameter type's
    dumper again) and Django's wrapper were a tenth of a move's statement. Checked as
    `db.cursor()` checks before each use (the connection's health, its thread); a new
    connection gets a new cursor. Not for a debug cursor (`queries_logged`): the caller
    makes one each time, so that each statement is logged."""
    db.close_if_health_check_failed()
    db.ensure_connection()
    kept = db.__dict__.get("_kept_cursor")
    if kept is None or kept[0] is not db.connection or kept[1].cursor.closed:
        kept = db.__dict__["_kept_cursor"] = (db.connection, db.cursor())
    else:
        db.validate_thread_sharing()
    return kept[1]
