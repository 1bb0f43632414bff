"""GameRecord.practice, filled from the stored records that name the game they started from."""

from typing import Any

from django.db import migrations, models


def backfill(apps: Any, schema_editor: Any) -> None:
    record = apps.get_model("records", "GameRecord")
    # .update: a stored game is otherwise immutable (GameRecord.save)
    practice = record.objects.filter(record__has_key="practice").exclude(record__practice=None)
    practice.update(practice=True)


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0009_stand_in_last"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="practice",
            field=models.BooleanField(default=False, verbose_name="practice game"),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
