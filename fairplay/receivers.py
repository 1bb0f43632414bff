"""Receivers of the card room's signals: a finished game's fair-play figures are queued once
the move that ended it has committed (records stored the game in that transaction)."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from fairplay import tasks
from games import signals
from runtime import scheduling


def queue_signals(table_id: int) -> None:
    """In the analysis lane (runtime.scheduling), apart from turns and bookkeeping."""
    scheduling.run_later(tasks.game_signals.name, (table_id,))


@receiver(signals.game_finished, dispatch_uid="fairplay_game_finished")
def game_finished(sender: Any, table: Any, **kwargs: Any) -> None:
    # robust: a failure here must not reach the committed move (as rankings' receiver).
    transaction.on_commit(partial(queue_signals, table.pk), robust=True)
