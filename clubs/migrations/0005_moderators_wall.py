"""The Moderators group's share of the clubs: read wall lines and hide a reported one."""

from django.db import migrations

from accounts.moderators import grant

CLUBS_PERMISSIONS = ["view_post", "change_post"]


def forwards(apps, schema_editor):
    grant(apps, "clubs", CLUBS_PERMISSIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0004_club_slug_any_script"),
        ("accounts", "0003_moderators_group"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
