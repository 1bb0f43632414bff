"""A heartbeat's UPDATE of its socket's row is HOT: the index on `seen`, which every beat
writes and which no query could use (the sweep reads it beside `process`, an OR that no index
serves, or at one table's sockets), goes."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0018_hot_moves")]

    operations = [
        migrations.AlterField(
            model_name="presence", name="seen", field=models.DateTimeField(verbose_name="seen")
        ),
    ]
