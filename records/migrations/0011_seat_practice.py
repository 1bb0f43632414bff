"""GamePlayer.practice: a stored game's practice flag copied onto its seats (as its game, rated
flag and privacy are), so that a player's history, which keeps practice games apart, counts and
lists from one index again without reading each game; filled from the stored games. The
history's indexes are made again with the flag after the player, and its count gets a small
index of its own (records_hist_count), which serves the player's foreign key as well."""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def backfill(apps: Any, schema_editor: Any) -> None:
    player = apps.get_model("records", "GamePlayer")
    player.objects.filter(record__practice=True).update(practice=True)


def history_index(*fields: str, name: str) -> migrations.AddIndex:
    return migrations.AddIndex(
        model_name="gameplayer",
        index=models.Index(fields=["user", "practice", *fields, "-finished", "-record"], name=name),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0010_practice"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        *(
            migrations.RemoveIndex(model_name="gameplayer", name=name)
            for name in (
                "records_hist",
                "records_hist_game",
                "records_hist_result",
                "records_hist_rated",
            )
        ),
        migrations.AddField(
            model_name="gameplayer",
            name="practice",
            field=models.BooleanField(default=False, verbose_name="practice game"),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="gameplayer",
            name="user",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="game_history",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddIndex(
            model_name="gameplayer",
            index=models.Index(fields=["user", "practice", "private"], name="records_hist_count"),
        ),
        history_index(name="records_hist"),
        history_index("game", name="records_hist_game"),
        history_index("result", name="records_hist_result"),
        history_index("rated", name="records_hist_rated"),
    ]
