"""Receivers of records' signal: a stored game's fair-play figures are queued once the move
that ended it has committed."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from fairplay import tasks
from records import signals
from runtime import scheduling


def queue_signals(table_id: int) -> None:
    """In the analysis lane (runtime.scheduling), apart from turns and bookkeeping."""
    scheduling.run_later(tasks.game_signals.name, (table_id,))


@receiver(signals.game_recorded, dispatch_uid="fairplay_game_recorded")
def game_recorded(sender: Any, record: Any, **kwargs: Any) -> None:
    # robust: a failure here must not reach the committed move (as rankings' receiver).
    transaction.on_commit(partial(queue_signals, record.pk), robust=True)
