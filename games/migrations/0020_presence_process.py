"""A stopping server's rows are found by an index on `process`
(games/services/presence_drop.py `presence_drop_process`): its DELETE read every server's
rows. No heartbeat writes `process`, so a beat's UPDATE stays HOT."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0019_hot_heartbeats"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="presence",
            index=models.Index(fields=["process"], name="games_presence_process"),
        ),
    ]
