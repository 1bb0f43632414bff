"""App configuration for the card room."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """The card room app."""

    name = "games"
    verbose_name = _("Card room")

    def ready(self) -> None:
        # The receivers connect; the Celery tasks are registered before any request or
        # timer looks one up (Celery's own discovery skips its work while another thread
        # discovers: issue 26).
        from games import receivers, tasks  # noqa: F401
