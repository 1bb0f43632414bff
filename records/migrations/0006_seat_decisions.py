"""Each stored seat keeps its decisions by its player and by a stand-in bot (the facts the
rated rule weighs), so that rankings reads the stored game rather than the table's move log
again; stored games get them from their move log."""

from typing import Any

from django.db import migrations, models

CHUNK = 500


def fill_decisions(apps: Any, schema_editor: Any) -> None:
    """Every stored game's seats get their decisions from the table's move log."""
    from records.services import seat_decisions

    record_model = apps.get_model("records", "GameRecord")
    player_model = apps.get_model("records", "GamePlayer")
    move_model = apps.get_model("games", "Move")
    ids = list(record_model.objects.order_by("pk").values_list("pk", "players"))
    for start in range(0, len(ids), CHUNK):
        for pk, players in ids[start : start + CHUNK]:
            decisions = seat_decisions(move_model, pk, players)
            for row in player_model.objects.filter(record_id=pk):
                row.own_decisions, row.stand_in_decisions = decisions[row.seat]
                row.save(update_fields=["own_decisions", "stand_in_decisions"])


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0005_analysis_requested_by"),
        ("games", "0005_timer_due"),
    ]

    operations = [
        migrations.AddField(
            model_name="gameplayer",
            name="own_decisions",
            field=models.PositiveIntegerField(default=0, verbose_name="own decisions"),
        ),
        migrations.AddField(
            model_name="gameplayer",
            name="stand_in_decisions",
            field=models.PositiveIntegerField(default=0, verbose_name="stand-in decisions"),
        ),
        migrations.RunPython(fill_decisions, migrations.RunPython.noop),
    ]
