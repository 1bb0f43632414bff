"""After the bookkeeping commits: each human player of the game gets what it brought them
(rating change, XP, level, achievements, unlocks) on their sockets (docs/protocol.md)."""

from __future__ import annotations

from games import broadcast
from rankings.models import SeatResult
from rankings.selectors import awards_dict


def awards_send(table_id: int, results: list[SeatResult]) -> None:
    """One `rankings.awards` event per human seat of the game just scored, to its user's group."""
    for result in results:
        if result.user_id is not None:
            broadcast.send(
                broadcast.user_group(result.user_id),
                {"type": "rankings.awards", "table_id": table_id, "awards": awards_dict(result)},
            )
