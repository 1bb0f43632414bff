"""Trigram indexes for the player search (social.selectors.player_search): `icontains`
compares UPPER(name) with LIKE '%...%', which a b-tree cannot serve. PostgreSQL only (pg_trgm
is a trusted extension: the database's owner may create it); SQLite has no such index."""

from django.db import migrations

INDEXES = {
    "accounts_user_username_trgm": "username",
    "accounts_user_display_name_trgm": "display_name",
}


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, column in INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON accounts_user "
            f"USING gin (UPPER({column}::text) gin_trgm_ops)"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0010_account_life")]

    operations = [migrations.RunPython(create, drop)]
