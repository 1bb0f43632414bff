"""What records announces to the apps above it (rankings, tournaments, fair play, social).

`game_recorded`: sent once per game, inside the transaction of the move that ended it, just
after the stored game (`record`, a GameRecord with its GamePlayer rows) was written. The
apps that work from the stored game hear it and queue their work with
`transaction.on_commit` (docs/architecture.md §7); they must be quick, and an exception
refuses the move.

`game_annulled`: sent once per game when a moderator annuls it, inside the annulment's
transaction, with the stored game's row locked and marked annulled (`record`). Rankings
undoes the game's score in that transaction (an exception rolls the annulment back).
"""

from django.dispatch import Signal

game_recorded = Signal()
game_annulled = Signal()
