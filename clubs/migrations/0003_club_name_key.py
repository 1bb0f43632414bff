from django.db import migrations, models


def keys(apps, schema_editor):
    from accounts.text import name_key

    Club = apps.get_model("clubs", "Club")
    seen = set()
    for club in Club.objects.order_by("pk"):
        key = name_key(club.name) or f"club {club.pk}"
        if key in seen:  # look-alike names made before they counted as one: kept apart
            key = f"{key} #{club.pk}"
        seen.add(key)
        club.name_key = key
        club.save(update_fields=["name_key"])


class Migration(migrations.Migration):
    dependencies = [("clubs", "0002_wall_lines_go_with_their_author")]

    operations = [
        migrations.AddField(
            model_name="club",
            name="name_key",
            field=models.CharField(default="", max_length=150, verbose_name="name key"),
            preserve_default=False,
        ),
        migrations.RunPython(keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="club",
            name="name_key",
            field=models.CharField(max_length=150, unique=True, verbose_name="name key"),
        ),
    ]
