"""The Moderators group's share of the game records: see stored games and annul them."""

from django.db import migrations

from accounts.moderators import grant

RECORDS_PERMISSIONS = ["view_gamerecord", "view_gameplayer", "annul_gamerecord"]


def forwards(apps, schema_editor):
    grant(apps, "records", RECORDS_PERMISSIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0003_annul"),
        ("accounts", "0003_moderators_group"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
