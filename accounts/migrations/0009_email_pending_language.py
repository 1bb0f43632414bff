from django.db import migrations, models


def unconfirm_addresses(apps, schema_editor):
    """Addresses given before confirmation existed were never checked: each waits for its
    link (accounts.email_address), except the superusers' (the operator typed those)."""
    User = apps.get_model("accounts", "User")
    for user in User.objects.exclude(email="").filter(is_superuser=False).only("email"):
        User.objects.filter(pk=user.pk).update(email_pending=user.email, email="")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0008_table_settings"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="email_pending",
            field=models.EmailField(
                blank=True, max_length=254, verbose_name="e-mail address to confirm"
            ),
        ),
        migrations.AddField(
            model_name="user",
            name="language",
            field=models.CharField(
                blank=True,
                choices=[("en", "English"), ("de", "German"), ("nl", "Dutch")],
                max_length=8,
                verbose_name="language",
            ),
        ),
        migrations.RunPython(unconfirm_addresses, migrations.RunPython.noop),
    ]
