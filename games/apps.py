"""App configuration for the card room."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# The Moderators group's share of this app (accounts/moderators.py).
MODERATOR_PERMISSIONS = ["view_table", "view_chatmessage", "change_chatmessage"]


class GamesConfig(AppConfig):
    """The card room app."""

    name = "games"
    verbose_name = _("Card room")

    def ready(self) -> None:
        # The receivers connect; the Celery tasks are registered before any request or
        # timer looks one up (Celery's own discovery skips its work while another thread
        # discovers).
        from accounts.moderators import keep_share
        from games import receivers, tasks  # noqa: F401

        keep_share(self, MODERATOR_PERMISSIONS)
