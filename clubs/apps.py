"""The clubs app."""

from django.apps import AppConfig
from django.utils.translation import pgettext_lazy

# The Moderators group's share of this app (accounts/moderators.py): read wall lines and
# hide them (a reported line; the admin's fields are read-only, its action hides).
MODERATOR_PERMISSIONS = ["view_post", "change_post"]


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = pgettext_lazy("groups of players", "clubs")

    def ready(self) -> None:
        from accounts.moderators import keep_share

        keep_share(self, MODERATOR_PERMISSIONS)
