"""The Moderators group with its accounts permissions, and the name keys of existing users."""

from django.db import migrations

from accounts.moderators import grant
from accounts.text import name_key

# The group's accounts permissions as they were here (later ones are granted by later
# migrations: 0006 adds rename_user, a permission this migration's models do not have).
ACCOUNTS_PERMISSIONS = [
    "view_user",
    "view_report", "change_report",
    "view_mute", "add_mute", "change_mute",
    "view_ban", "add_ban", "change_ban",
    "view_auditentry",
]  # fmt: skip


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
