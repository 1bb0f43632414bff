"""The tournaments app: its receivers connect when Django starts."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("events")

    def ready(self) -> None:
        from games.services.watchdog_parts import watchdog_part
        from tournaments import receivers, tasks  # noqa: F401  (connect; register the tasks)

        watchdog_part("tournaments", receivers.tick)  # due events and rounds start
