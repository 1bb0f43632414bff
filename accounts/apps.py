"""App configuration for player accounts."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """The accounts app."""

    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from accounts import login_guard, moderators, security_log, sessions, tasks  # noqa: F401

        security_log.connect_axes()
        moderators.keep_share(self, moderators.ACCOUNTS_PERMISSIONS)
