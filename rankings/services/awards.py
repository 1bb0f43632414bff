"""After the bookkeeping commits: each human player of the game gets what it brought them
(rating change, XP, level, achievements, unlocks) on their sockets (docs/protocol.md)."""

from __future__ import annotations

from games import broadcast
from rankings.selectors import awards_of_table


def awards_send(table_id: int) -> None:
    """One `rankings.awards` event per human seat, to that user's group."""
    for user_id, awards in awards_of_table(table_id).items():
        broadcast.send(
            broadcast.user_group(user_id),
            {"type": "rankings.awards", "table_id": table_id, "awards": awards},
        )
