"""The "Moderators" group and exactly the permissions it needs. Each app grants its own
share (accounts here, games and records in their apps), so the layers hold: in its data
migrations, and after every migrate and flush (`keep_share`, on post_migrate, as Django
keeps the permissions themselves): a flush, as every transactional test's teardown, would
otherwise leave the site without the group."""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.apps import apps as global_apps
from django.contrib.auth.management import create_permissions
from django.db.models.signals import post_migrate

GROUP = "Moderators"
# accounts: see players (to pick one), handle reports, make and lift mutes and bans (a
# sanction's "change" permission is only the lifting action: its fields are read-only),
# read the audit log, rename an offensive display name.
ACCOUNTS_PERMISSIONS = [
    "view_user",
    "view_report", "change_report",
    "view_mute", "add_mute", "change_mute",
    "view_ban", "add_ban", "change_ban",
    "view_auditentry",
    "rename_user",
]  # fmt: skip


def grant(apps: Any, app_label: str, codenames: list[str]) -> None:
    """Give the Moderators group (made if missing) these permissions of `app_label`, with
    the permissions themselves made first (they are otherwise made only after migrating)."""
    config = apps.get_app_config(app_label)
    models_module = getattr(config, "models_module", None)
    config.models_module = models_module or True
    try:
        create_permissions(config, apps=apps, verbosity=0)
    finally:
        config.models_module = models_module
    group, _created = apps.get_model("auth", "Group").objects.get_or_create(name=GROUP)
    permission = apps.get_model("auth", "Permission")
    found = permission.objects.filter(content_type__app_label=app_label, codename__in=codenames)
    missing = set(codenames) - set(found.values_list("codename", flat=True))
    if missing:
        raise RuntimeError(f"permissions not found for {app_label}: {sorted(missing)}")
    group.permissions.add(*found)


def keep_share(config: AppConfig, codenames: list[str]) -> None:
    """Grant the Moderators group these permissions of `config`'s app after each migrate or
    flush of it (called from the app's `ready`)."""

    def regrant(sender: AppConfig, apps: Any = global_apps, **kwargs: Any) -> None:
        grant(apps, sender.label, codenames)

    post_migrate.connect(regrant, sender=config, weak=False,
                         dispatch_uid=f"moderators-{config.label}")  # fmt: skip
