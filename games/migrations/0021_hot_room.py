"""Room on each page for the versions that updates make: a fill factor of 70 for a table's row
(every move updates it) and an open socket's (every heartbeat does). An insert leaves 30% of
its page free, which only updates of the rows already there may take; without it, the tables
created after a game started filled its page to the brim, and an update found room only
where pruning gave some back, which it does only for versions no snapshot can still see: one
older than them (a long transaction, a dump; a new connection counts those of every
database) sent the next update to another page, with an entry in each of the row's indexes
(docs/benchmarks.md, 2026-12-07 "room for HOT updates"). New pages only: a page written
before keeps its rows until they move or a VACUUM FULL rewrites the table."""

from django.db import migrations

TABLES = ("games_table", "games_presence")
FILL = 70


def fill(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for table in TABLES:
            schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {FILL})")


def unfill(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for table in TABLES:
            schema_editor.execute(f"ALTER TABLE {table} RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [("games", "0020_presence_process")]

    operations = [migrations.RunPython(fill, unfill)]
