"""What rankings announces to the apps above it (social).

`game_scored`: sent once per game by `rankings.services.awards.awards_deliver`, after the
bookkeeping's commit and after the table's pages were sent their awards, with `table_id` and
`results` (the game's SeatResult rows, as written). The apps above hear it instead of a
model's post_save: awards leave rankings by that one function (docs/architecture.md §7).
Receivers must be quick and write in their own transaction.
"""

from django.dispatch import Signal

game_scored = Signal()
