"""App configuration of fair play: signals from stored games, flags, the moderators' queue."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# The Moderators group's share of this app (accounts/moderators.py).
MODERATOR_PERMISSIONS = ["view_flag", "review_flag", "view_gamesignal"]


class FairplayConfig(AppConfig):
    """Listens for finished games (games.signals) and judges them in a Celery task."""

    name = "fairplay"
    verbose_name = _("Fair play")

    def ready(self) -> None:
        from accounts.moderators import keep_share
        from fairplay import receivers, tasks  # noqa: F401

        keep_share(self, MODERATOR_PERMISSIONS)
