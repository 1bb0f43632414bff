"""Names compared by their confusable skeleton (Unicode TS #39, accounts.text.name_key): the
username's key beside the shown name's, and both keys of existing users written again."""

from django.db import migrations, models

from accounts.text import name_key


def forwards(apps, schema_editor):
    user_model = apps.get_model("accounts", "User")
    for user in user_model.objects.only("pk", "username", "display_name").iterator():
        user_model.objects.filter(pk=user.pk).update(
            name_key=name_key(user.display_name or user.username),
            username_key=name_key(user.username),
        )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_notices_rename")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_key",
            field=models.CharField(
                blank=True, db_index=True, max_length=150, verbose_name="username key"
            ),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
