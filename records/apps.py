"""App configuration for game records: history, game pages, replays and their analysis."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RecordsConfig(AppConfig):
    """The game-records app; its receiver stores every finished game."""

    name = "records"
    verbose_name = _("Game records")

    def ready(self) -> None:
        from records import receivers  # noqa: F401  (connects the receivers)
