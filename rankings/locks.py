"""The lock rankings takes on a game's score: its own, not a row of another app's.

Scoring a game (rankings.services.bookkeeping) and annulling its score (rankings.services
.annul) run one at a time per game under a lock of the transaction on the game's table id
(runtime.locks, rankings' own space: none of games' or records' rows is locked for it).
Taken first in each of those transactions, before any rating or progress row.
"""

from runtime.locks import xact_lock


def score_lock(table_id: int) -> None:
    """Hold the game's score for the rest of the transaction."""
    xact_lock("rankings.score", table_id)
