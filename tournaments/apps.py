"""The tournaments app: its receivers connect when Django starts."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("events")

    def ready(self) -> None:
        from games.services.watchdog_parts import watchdog_part
        from games.sockets.pages import page_kind
        from tournaments import receivers, selectors, tasks  # noqa: F401  (connect; tasks)

        watchdog_part("tournaments", receivers.tick)  # due events and rounds start
        page_kind("event", selectors.may_see_event)  # the event page's notices socket
