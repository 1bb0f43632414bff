"""App configuration of rankings: ratings, leaderboards, XP, levels, achievements, unlocks."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingsConfig(AppConfig):
    """Listens for finished games (games.signals) and keeps score in a Celery task."""

    name = "rankings"
    verbose_name = _("Rankings and progression")

    def ready(self) -> None:
        from rankings import receivers  # noqa: F401  (connects the receivers)
