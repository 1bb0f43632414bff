"""After the bookkeeping commits: each human player of the game learns what it brought them
(rating change, XP, level, achievements, unlocks). `awards_deliver` is the one path by which
awards leave rankings: to the table's pages, then `rankings.signals.game_scored` for the apps
above (social's notifications) (docs/architecture.md §7, docs/protocol.md)."""

from __future__ import annotations

import logging

from games import broadcast
from rankings.models import SeatResult
from rankings.selectors import awards_dict
from rankings.signals import game_scored

log = logging.getLogger(__name__)


def awards_deliver(table_id: int, results: list[SeatResult]) -> None:
    """One `table.awards` event to the game's table group, each human seat's awards keyed by
    its user id: each of that user's table sockets shows its own (games/sockets/consumers.py)."""
    awards = {str(r.user_id): awards_dict(r) for r in results if r.user_id is not None}
    if awards:
        event = {"type": "table.awards", "table_id": table_id, "awards": awards}
        broadcast.send(broadcast.table_group(table_id), event)
    # The score has committed: a listener's failure is logged, never the bookkeeping's.
    for receiver, outcome in game_scored.send_robust(
        sender=SeatResult, table_id=table_id, results=results
    ):
        if isinstance(outcome, Exception):
            log.error("game_scored: %s failed for table %s", receiver, table_id, exc_info=outcome)
