"""The Moderators group's share of the card room: read tables, read and hide chat lines."""

from django.db import migrations

from accounts.moderators import grant

GAMES_PERMISSIONS = ["view_table", "view_chatmessage", "change_chatmessage"]


def forwards(apps, schema_editor):
    grant(apps, "games", GAMES_PERMISSIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_chat_players_only"),
        ("accounts", "0003_moderators_group"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
