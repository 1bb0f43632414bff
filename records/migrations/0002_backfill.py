"""Store the games that finished before the records app existed (idempotent)."""

from django.db import migrations


def backfill(apps, schema_editor):
    from records.services import record_backfill

    record_backfill(apps)


class Migration(migrations.Migration):
    dependencies = [("records", "0001_initial"), ("games", "0002_presence")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
