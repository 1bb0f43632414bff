"""Signals of player accounts that the card room acts on (accounts imports no other app, so
closing sockets and handing seats to bots happens in games.receivers)."""

from django.dispatch import Signal

# After the commit of a ban: `user`, `ban`. The user's sockets close, their seats go to bots.
user_banned = Signal()
# After a password change or reset: `user`. Sockets of the user's other sessions close.
sessions_revoked = Signal()
# After a block list changed: `user`. Their open sockets reload whose chat they hide.
blocks_changed = Signal()
# After the commit of a moderator's notice to a player: `user`, `notice` (accounts.services).
notice_added = Signal()
# After the commit of a report closed by a moderator: `report`.
report_closed = Signal()
# After a new account was created on the sign-up page: `user`, `request`. The legal pages
# record the player's acceptance of the terms (the form's required box) with its version.
user_signed_up = Signal()
# After the commit of an account's closing (accounts.deletion): `user`. Its sockets close
# and its seats go to bots (games.receivers), as after a ban.
account_closed = Signal()
