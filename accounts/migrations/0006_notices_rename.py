"""Moderators' notices to a player (shown on their next page) and the permission to
rename an offensive display name, granted to the Moderators group."""

from django.db import migrations, models

from accounts.moderators import grant


def forwards(apps, schema_editor):
    grant(apps, "accounts", ["rename_user"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_audit_staff_actions"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="user",
            options={
                "permissions": [("rename_user", "Can change an offensive display name")],
                "verbose_name": "user",
                "verbose_name_plural": "users",
            },
        ),
        migrations.AddField(
            model_name="user",
            name="notices",
            field=models.JSONField(blank=True, default=list, verbose_name="notices"),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
