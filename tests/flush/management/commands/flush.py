"""Django's `flush` for the test suite, a small part of the cost on PostgreSQL.

pytest-django empties the database after every `transactional_db` test with `flush`: one
TRUNCATE of all 47 tables, then post_migrate (content types, permissions, the moderators'
share). It cost 0.3 s on a quiet machine and 0.3-0.8 s in a suite's run, after 294 tests
(about 150 worker-seconds of a 428-second run). Here the tables that hold rows are found in
one query and emptied with DELETE in one transaction, foreign keys checked at its end (Django
makes them DEFERRABLE INITIALLY DEFERRED). Content types and permissions are kept:
post_migrate would write the same rows again.

post_migrate itself (every app's permissions and content types looked up, the Moderators
group granted each app's share) was then most of a flush: 0.45 of 0.48 CPU-s a
transactional test in a cProfile run (docs/benchmarks.md, sixth session). So after it runs,
the flush notes the tables it filled (content types, permissions, the group and its share;
SETTLED) and a digest of their rows; a later flush of the same database that finds them with
the same rows leaves them as they are and does not run it: the rows are those post_migrate
would write again. A test that changed any of them (a group emptied, a permission deleted)
gets post_migrate, as before.

The database ends as Django's flush leaves it, sequences included: they are not reset, as the
test cases ask (`reset_sequences=False`); a flush that resets them (Django's default, as
`manage.py flush`), or one on another database engine, is Django's own.
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import flush
from django.core.management.sql import emit_post_migrate_signal
from django.db import connections, transaction

KEPT = frozenset({"django_content_type", "auth_permission"})
# The tables post_migrate may fill that a flush may leave as post_migrate left them.
SETTLED = KEPT | {"auth_group", "auth_group_permissions"}
# By (database alias, database name): the tables post_migrate filled, and their rows' digest.
_settled: dict[tuple[str, str], tuple[list[str], str]] = {}


class Command(flush.Command):
    def handle(self, **options: Any) -> None:
        connection = connections[options["database"]]
        if connection.vendor != "postgresql" or options.get("reset_sequences", True):
            _settled.clear()
            return super().handle(**options)
        key = (connection.alias, str(connection.settings_dict["NAME"]))
        post_migrate = not options.get("inhibit_post_migrate", False)
        names = connection.introspection.django_table_names(only_existing=True)
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            settled = _settled.pop(key, None) if post_migrate else None
            if settled is not None and _digest(cursor, settled[0]) == settled[1]:
                kept = KEPT | set(settled[0])
            else:
                kept, settled = KEPT, None
            filled = _filled(cursor, [name for name in names if name not in kept])
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for name in filled:
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(name)}")
        if settled is not None:
            _settled[key] = settled
        elif post_migrate:
            emit_post_migrate_signal(options["verbosity"], options["interactive"], connection.alias)
            with connection.cursor() as cursor:
                written = _filled(cursor, names)
                if set(written) <= SETTLED:  # else a receiver wrote elsewhere: never skipped
                    _settled[key] = (written, _digest(cursor, written))


def _filled(cursor: Any, tables: list[str]) -> list[str]:
    """Those of `tables` that hold a row, in one query."""
    if not tables:
        return []
    quote = cursor.db.ops.quote_name
    cursor.execute(
        " UNION ALL ".join(
            f"SELECT %s WHERE EXISTS (SELECT 1 FROM {quote(name)})" for name in tables
        ),
        tables,
    )
    return [row[0] for row in cursor.fetchall()]


def _digest(cursor: Any, tables: list[str]) -> str:
    """A digest of every row of `tables`, in one query."""
    if not tables:
        return ""
    quote = cursor.db.ops.quote_name
    parts = ", ".join(
        f"(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) "
        f"FROM {quote(name)} t)"
        for name in tables
    )
    cursor.execute(f"SELECT concat_ws(' ', {parts})")
    return str(cursor.fetchone()[0])
