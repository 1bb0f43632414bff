"""The clubs app."""

from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = pgettext_lazy("groups of players", "clubs")
