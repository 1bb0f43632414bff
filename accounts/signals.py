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
