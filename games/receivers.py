"""Receivers of other apps' signals in the card room: a logout closes the user's open
sockets (pitfall 14)."""

from typing import Any

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from games.broadcast import user_revoke


@receiver(user_logged_out, dispatch_uid="games_revoke_sockets_on_logout")
def revoke_sockets_on_logout(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if user is not None and user.pk is not None:
        user_revoke(user.pk)
