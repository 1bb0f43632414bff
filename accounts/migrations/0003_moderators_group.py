"""The Moderators group with its accounts permissions, and the name keys of existing users."""

from django.db import migrations

from accounts.moderators import ACCOUNTS_PERMISSIONS, grant
from accounts.text import name_key


def forwards(apps, schema_editor):
    grant(apps, "accounts", ACCOUNTS_PERMISSIONS)
    user_model = apps.get_model("accounts", "User")
    for user in user_model.objects.only("pk", "username", "display_name").iterator():
        key = name_key(user.display_name or user.username)
        user_model.objects.filter(pk=user.pk).update(name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_moderation"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
