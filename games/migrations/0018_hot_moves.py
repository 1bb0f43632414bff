"""A move writes fewer index entries: no index holds a column that a move's UPDATE of its
table writes, so that UPDATE is HOT (the (status, turn_deadline) index goes: the watchdog
finds the tables in play by the status index), and the move log's own index on its table
goes (the unique (table, number) serves every lookup by table)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0017_seats_digest")]

    operations = [
        migrations.RemoveIndex(model_name="table", name="games_table_status_8b28bd_idx"),
        # Only the index: Django's AlterField would drop and add the foreign key again,
        # checking every stored move under a lock.
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "games_move_table_id_b227484b"',
                    'CREATE INDEX "games_move_table_id_b227484b" ON "games_move" ("table_id")',
                )
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="move",
                    name="table",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="move_log",
                        to="games.table",
                    ),
                )
            ],
        ),
    ]
