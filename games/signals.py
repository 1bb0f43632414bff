"""What the card room announces to the apps that keep score (records, rankings).

The live room does not know who keeps score: it sends these signals, and the apps that
care connect receivers in their AppConfig.ready(). Dependencies point one way: records
and rankings import games; games imports neither.
"""

from django.dispatch import Signal

# Sent once per game, inside the transaction of the move (or resignation) that ended it,
# after the table row (status finished, `record` written) is saved and while it is still
# locked. Keyword arguments: `table` (games.models.Table), `seats` (its Seats in order,
# users loaded) and `state` (the engine's final State). Receivers may write rows in this
# transaction (they commit or roll back with the move) and queue work with
# `transaction.on_commit`; they must be quick, and an exception refuses the move.
game_finished = Signal()

# Sent once per game after the commit of its deal (the table went from open to playing).
# Keyword arguments: `table_id`, `user_ids` (its human players). Receivers must be quick.
game_started = Signal()

# Sent by an app that runs events over the card room (tournaments), after its commit, when
# it has news for players: `notices`, a list of (user id, data), data being what the
# notice's words need, JSON: `what` is "table_dealt", "cancelled" or "moved"; `url` the page
# it leads to; `title`, `round`, `board`, `starts_at` as the news needs. The app that keeps
# notifications (social) stores and delivers one to each. Receivers must be quick.
event_news = Signal()

# Sent after the commit of a move that starts a human's turn at a table with a time limit
# while that player has no socket open at the table (they are looking elsewhere, or not at
# all): `table_id`, `user_id`, `game`, `moves` (the table's move count then). The app that
# keeps notifications tells them if the turn still waits a little later.
# Receivers must be quick.
turn_waiting = Signal()

# Sent when a logged-in player opens a socket while they had none (nor one closed within
# WHIST_ONLINE_GRACE seconds): they came online. `user_id`. Sent from a socket's thread:
# receivers must be quick and queue any database work.
came_online = Signal()

# Sent after the commit of an invitation to wait in the quick-play pool as partners
# (games/services/pool_pairs.py): `user_id` (the player invited), `name` (the inviter's shown
# name), `game`, `rated`. The app that keeps notifications tells the player on any page;
# the lobby page shows the invitation itself. Receivers must be quick.
pool_invited = Signal()
