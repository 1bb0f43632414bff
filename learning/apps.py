"""The learning app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class LearningConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "learning"
    verbose_name = gettext_lazy("lessons")

    def ready(self) -> None:
        from learning import receivers, tasks  # noqa: F401
