"""App configuration of the how-to-play guide."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GuideConfig(AppConfig):
    """The how-to-play guide: a page per game and the guided table it starts."""

    name = "guide"
    verbose_name = _("How to play")
