"""Tables dealt from now on take their deck seed from the stored seed and the server's deal
secret (Table.deal_seed); the tables already there keep dealing from the stored seed, so
running games go on with the same cards and finished ones rebuild as they were played."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0005_timer_due")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="seed_keyed",
            field=models.BooleanField(default=False, verbose_name="seed keyed by the deal secret"),
        ),
        migrations.AlterField(
            model_name="table",
            name="seed_keyed",
            field=models.BooleanField(default=True, verbose_name="seed keyed by the deal secret"),
        ),
    ]
