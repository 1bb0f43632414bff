"""A daily board's best game is the stored game, published, not a copy in the upload store
(which deletes its uploads after 30 days or beyond the newest 5,000)."""

import django.db.models.deletion
from django.db import migrations, models


def link_best_games(apps, schema_editor):
    """Boards closed before: their best game again (most matchpoints at seat 0, the earliest
    of equals), linked and published."""
    Round = apps.get_model("tournaments", "Round")
    GameRecord = apps.get_model("records", "GameRecord")
    for board in Round.objects.exclude(replay_token=""):
        best = (
            board.placements.filter(seat=0, matchpoints__isnull=False)
            .order_by("-matchpoints", "table_id")
            .first()
        )
        if best is not None and GameRecord.objects.filter(pk=best.table_id).update(published=True):
            Round.objects.filter(pk=board.pk).update(best_game_id=best.table_id)


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0008_published"),
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="best_game",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="records.gamerecord",
                verbose_name="best game",
            ),  # fmt: skip
        ),
        migrations.RunPython(link_best_games, migrations.RunPython.noop),
        migrations.RemoveField(model_name="round", name="replay_token"),
    ]
