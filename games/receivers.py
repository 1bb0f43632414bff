"""Receivers of other apps' signals in the card room: a logout, ban or password change
closes the user's open sockets (docs/stack-notes.md §2.14),
a ban also hands their seats to bots, and a changed block list reaches the user's table sockets."""

from typing import Any

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from accounts.signals import account_closed, blocks_changed, sessions_revoked, user_banned
from games import services
from games.broadcast import user_blocks, user_revoke


@receiver(user_logged_out, dispatch_uid="games_revoke_sockets_on_logout")
def revoke_sockets_on_logout(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if user is not None and user.pk is not None:
        user_revoke(user.pk)


@receiver(user_banned, dispatch_uid="games_ban")
def ban_player(sender: Any, user: Any, ban: Any, **kwargs: Any) -> None:
    """Sockets first (they close within a moment on every server), then the seats."""
    until = ban.until.isoformat() if ban.until else None
    user_revoke(user.pk, "banned", {"reason": ban.reason, "until": until})
    services.seats_to_bots(user)


@receiver(account_closed, dispatch_uid="games_account_closed")
def close_account(sender: Any, user: Any, **kwargs: Any) -> None:
    """A closed account (its deletion asked for) leaves as a banned player does."""
    user_revoke(user.pk, "closed")
    services.seats_to_bots(user)


@receiver(sessions_revoked, dispatch_uid="games_revoke_sockets_on_password")
def revoke_sockets_on_password(sender: Any, user: Any, **kwargs: Any) -> None:
    user_revoke(user.pk, "password")


@receiver(blocks_changed, dispatch_uid="games_blocks_changed")
def reload_blocks(sender: Any, user: Any, **kwargs: Any) -> None:
    user_blocks(user.pk)
