"""The social app's configuration: its receivers connect when Django is ready."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SocialConfig(AppConfig):
    name = "social"
    verbose_name = _("Friends and notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.services.watchdog_parts import watchdog_part
        from social import receivers, tasks  # noqa: F401  (connects the receivers)

        watchdog_part("social", receivers.watchdog)  # invitations expire, digests fall due
