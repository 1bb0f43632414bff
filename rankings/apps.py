"""App configuration of rankings: ratings, leaderboards, XP, levels, achievements, unlocks."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingsConfig(AppConfig):
    """Hears stored games (records.signals) and keeps score in a Celery task."""

    name = "rankings"
    verbose_name = _("Rankings and progression")

    def ready(self) -> None:
        # The receivers connect; the Celery tasks are registered before any request or
        # timer looks one up (Celery's own discovery skips its work while another thread
        # discovers).
        from games.services.errors import rated_bar_from
        from games.services.pool import pool_rating_from
        from games.services.watchdog_parts import watchdog_part
        from rankings import leavers, receivers, selectors, tasks  # noqa: F401
        from records.ratings import rating_changes_from

        # The quick-play pool matches players by the rating people see (a function it calls);
        # the watchdog queues again the bookkeeping of games not scored in time.
        pool_rating_from(selectors.rating_shown)
        rated_bar_from(leavers.rated_bar)  # a leaver's wait before a rated seat
        watchdog_part("rankings.bookkeeping", receivers.watchdog)
        # The history and game pages of records show the rating changes kept here.
        rating_changes_from(selectors.player_changes, selectors.seat_changes)
