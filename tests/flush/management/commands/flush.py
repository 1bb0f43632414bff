"""Django's `flush` for the test suite, a tenth of the cost on PostgreSQL.

pytest-django empties the database after every `transactional_db` test with `flush`: one
TRUNCATE of all 47 tables, then post_migrate (content types, permissions, the moderators'
share). It cost 0.3 s on a quiet machine and 0.3-0.8 s in a suite's run, after 294 tests
(about 150 worker-seconds of a 428-second run). Here the tables that hold rows are found in
one query and emptied with DELETE in one transaction, foreign keys checked at its end (Django
makes them DEFERRABLE INITIALLY DEFERRED): about 0.01 s. Content types and permissions are
kept: post_migrate, which still runs, would write the same rows again.

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


class Command(flush.Command):
    def handle(self, **options: Any) -> None:
        connection = connections[options["database"]]
        if connection.vendor != "postgresql" or options.get("reset_sequences", True):
            return super().handle(**options)
        tables = [
            name
            for name in connection.introspection.django_table_names(only_existing=True)
            if name not in KEPT
        ]
        quote = connection.ops.quote_name
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            cursor.execute(
                " UNION ALL ".join(
                    f"SELECT %s WHERE EXISTS (SELECT 1 FROM {quote(name)})" for name in tables
                ),
                tables,
            )
            filled = [row[0] for row in cursor.fetchall()]
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for name in filled:
                cursor.execute(f"DELETE FROM {quote(name)}")
        if not options.get("inhibit_post_migrate", False):
            emit_post_migrate_signal(options["verbosity"], options["interactive"], connection.alias)
