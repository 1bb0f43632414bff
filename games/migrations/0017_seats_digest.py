"""whist_seats_digest(table, at): what a move is checked against of a table's seats (who
sits, a bot, away, a socket open, a ban in force at `at`), read with a snapshot of its own
(a VOLATILE function in READ COMMITTED), for the compare-and-set move
(games/services/move_cas.py): called after the statement has locked the table's row, it
sees what the lock's last holder committed, which the statement's own snapshot, taken
before a wait for the lock, does not."""

from django.db import migrations

DIGEST = """
CREATE OR REPLACE FUNCTION whist_seats_digest(t bigint, at timestamptz) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    RETURN (SELECT string_agg(
        s.index || ':' || coalesce(s.user_id, 0) || ':' || s.bot || ':' || s.away::int
        || ':' || (EXISTS (SELECT 1 FROM games_presence p WHERE p.seat_id = s.id))::int
        || ':' || (EXISTS (SELECT 1 FROM accounts_ban b WHERE b.user_id = s.user_id
                   AND b.lifted_at IS NULL AND (b.until IS NULL OR b.until > at)))::int,
        ',' ORDER BY s.index) FROM games_seat s WHERE s.table_id = t);
END $$;
"""


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DIGEST)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP FUNCTION IF EXISTS whist_seats_digest(bigint, timestamptz)")


class Migration(migrations.Migration):
    dependencies = [("games", "0016_pool_entry_partner"), ("accounts", "0016_audit_wall_hide")]

    operations = [migrations.RunPython(create, drop)]
