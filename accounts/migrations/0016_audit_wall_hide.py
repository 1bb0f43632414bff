"""The audit log names a club wall line hidden by the site's moderators as such: its own
action (it was written as "chat hidden"), the rows written before relabelled by what they
name (a wall post, not a chat message)."""

from django.db import migrations, models


def relabel(apps, schema_editor):
    entries = apps.get_model("accounts", "AuditEntry")
    entries.objects.filter(action="hide", details__has_key="post").update(action="wall_hide")


def back(apps, schema_editor):
    entries = apps.get_model("accounts", "AuditEntry")
    entries.objects.filter(action="wall_hide").update(action="hide")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0015_report_wall_post"),
    ]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(
                choices=[
                    ("hide", "chat hidden"),
                    ("wall_hide", "club wall line hidden"),
                    ("mute", "muted"),
                    ("unmute", "mute lifted"),
                    ("ban", "banned"),
                    ("unban", "ban lifted"),
                    ("annul", "game annulled"),
                    ("report_closed", "report closed"),
                    ("renamed", "display name changed"),
                    ("flag_dismissed", "fair-play flag dismissed"),
                    ("warned", "player warned about fair play"),
                    ("added", "added in the admin"),
                    ("changed", "changed in the admin"),
                    ("deleted", "deleted in the admin"),
                    ("viewed", "running table viewed"),
                    ("deletion", "account deletion asked for"),
                    ("restored", "account restored"),
                    ("held", "deletion held back"),
                    ("erased", "account erased"),
                    ("second_factor", "one-time-password app set up"),
                    ("lookup_refused", "list lookup on a hidden field refused"),
                ],
                db_index=True,
                max_length=16,
                verbose_name="action",
            ),
        ),
        migrations.RunPython(relabel, back),
    ]
