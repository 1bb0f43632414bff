"""The custom user model of the card room."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player; usernames are unique regardless of letter case."""

    display_name = models.CharField(_("display name"), max_length=50, blank=True)
    # Written only by the rankings app's bookkeeping (docs/rules.md §4); the table shows it.
    level = models.PositiveSmallIntegerField(_("level"), default=1)
    # The player's choice of card designs (static/js/cards.js names them); rankings checks
    # that they are unlocked.
    card_back = models.CharField(_("card back"), max_length=24, default="red")
    card_front = models.CharField(_("card front"), max_length=24, default="classic")

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="accounts_user_username_ci_unique",
                violation_error_message=_("A user with that username already exists."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name or self.username
