"""App configuration of a player's data: its export, and the deletion of an account."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrivacyConfig(AppConfig):
    name = "privacy"
    verbose_name = _("Players' data")

    def ready(self) -> None:
        from games.services.watchdog_parts import watchdog_part
        from privacy import receivers, tasks  # noqa: F401  (the sweep's receiver, the tasks)

        watchdog_part("privacy", receivers.sweep_hourly)  # the hourly sweep of players' data
