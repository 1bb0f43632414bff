"""Locks of a transaction on a number, for an app that must serialise work on something
whose rows are not its own (a game's score, a stored game being written, a player's chat).

On PostgreSQL an advisory lock (`pg_advisory_xact_lock(space, key)`) held until the
transaction ends; no row waits for it. Each app has its own `space` (the first key), named
where it is used, so no two apps share a lock. SQLite runs one write at a time anyway.
"""

from django.db import connection

SPACES = {
    "games.chat": 4305,
    "rankings.score": 7261,
    "records.store": 7262,
    "clubs.owner": 3811,
}


def xact_lock(space: str, key: int) -> None:
    """Hold (space, key) for the rest of the transaction: `space` one of SPACES."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [SPACES[space], key])
