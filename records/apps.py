"""App configuration for game records: history, game pages, replays and their analysis."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# The Moderators group's share of this app (accounts/moderators.py).
MODERATOR_PERMISSIONS = ["view_gamerecord", "view_gameplayer", "annul_gamerecord"]


class RecordsConfig(AppConfig):
    """The game-records app; its receiver stores every finished game."""

    name = "records"
    verbose_name = _("Game records")

    def ready(self) -> None:
        # The receivers connect; the Celery tasks are registered before any request or
        # timer looks one up (Celery's own discovery skips its work while another thread
        # discovers).
        from accounts.moderators import keep_share
        from games.services.watchdog_parts import watchdog_part
        from records import receivers, tasks  # noqa: F401
        from records.analysis_service import analysis_requeue

        watchdog_part("records.analyses", analysis_requeue)  # lost analyses queued again

        keep_share(self, MODERATOR_PERMISSIONS)
