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
        from accounts.staff_pages import page_add
        from fairplay import receivers, tasks  # noqa: F401
        from fairplay.models import REVIEW_PERMISSION

        keep_share(self, MODERATOR_PERMISSIONS)
        # Listed in the admin and the site's header for those who may review.
        page_add(_("Fair-play queue"), "fairplay_queue", REVIEW_PERMISSION)
