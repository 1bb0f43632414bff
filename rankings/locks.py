"""The lock rankings takes on a game's score: its own, not a row of another app's.

Scoring a game (rankings.services.bookkeeping) and annulling its score (rankings.services
.annul) run one at a time per game under a lock of the transaction on the game's table id:
on PostgreSQL an advisory lock in rankings' own key space (no row lock waits for it, and
none of games' or records' rows is locked for it); SQLite runs one write at a time anyway.
Taken first in each of those transactions, before any rating or progress row.
"""

from django.db import connection

SCORE_LOCK = 7261  # the advisory locks' first key: a game's score (games' chat uses 4305)


def score_lock(table_id: int) -> None:
    """Hold the game's score for the rest of the transaction."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [SCORE_LOCK, table_id])
