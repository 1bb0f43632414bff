import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def drop_unsigned(apps, schema_editor):
    """Lines whose author's account was erased before they went with it."""
    apps.get_model("clubs", "Post").objects.filter(author__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(drop_unsigned, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="post",
            name="author",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
