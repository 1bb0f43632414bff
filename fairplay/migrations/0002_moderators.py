"""The Moderators group's share of fair play: the flags and the figures behind them."""

from django.db import migrations

from accounts.moderators import grant

FAIRPLAY_PERMISSIONS = ["view_flag", "review_flag", "view_gamesignal"]


def forwards(apps, schema_editor):
    grant(apps, "fairplay", FAIRPLAY_PERMISSIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("fairplay", "0001_initial"),
        ("accounts", "0003_moderators_group"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
