"""App configuration for the card room."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """The card room app."""

    name = "games"
    verbose_name = _("Card room")

    def ready(self) -> None:
        from games import receivers  # noqa: F401  (connects the receivers)
