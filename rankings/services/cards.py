"""A player's choice of card back and card front, among the designs they have unlocked."""

from __future__ import annotations

from django.utils.translation import gettext as _

from accounts.models import User
from rankings.models import Achievement
from rankings.unlocks import BACK, FRONT, unlocked


class CardChoiceError(ValueError):
    """A design that does not exist or that the player has not unlocked."""


def card_choice_set(user: User, back: str, front: str) -> None:
    """Save `user`'s back and front; CardChoiceError names a design they may not use."""
    codes = Achievement.objects.filter(user=user).values_list("code", flat=True)
    allowed = unlocked(user.level, codes)
    for kind, value in ((BACK, back), (FRONT, front)):
        if (kind, value) not in allowed:
            raise CardChoiceError(
                _("the card %(kind)s %(design)s is not unlocked for you")
                % {"kind": _("back") if kind == BACK else _("front"), "design": repr(value)}
            )
    user.card_back, user.card_front = back, front
    user.save(update_fields=["card_back", "card_front"])
