"""App configuration of the legal pages: imprint, privacy notice, terms and rules of conduct."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LegalConfig(AppConfig):
    name = "legal"
    verbose_name = _("Legal pages")

    def ready(self) -> None:
        from legal import receivers  # noqa: F401
