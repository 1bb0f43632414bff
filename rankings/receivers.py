"""Receivers of records' signals: a stored game queues its bookkeeping once the move that
ended it has committed, and an annulled one has its score undone in the annulment's
transaction; the watchdog queues again bookkeeping that did not happen in time."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from rankings import services, tasks
from records import signals
from runtime import scheduling


def queue_bookkeeping(table_id: int) -> None:
    """In the bookkeeping lane (runtime.scheduling: a Celery queue of its own, or a thread of
    the embedded server's, or at once where no server runs)."""
    scheduling.run_later(tasks.bookkeeping.name, (table_id,))


@receiver(signals.game_recorded, dispatch_uid="rankings_game_recorded")
def game_recorded(sender: Any, record: Any, **kwargs: Any) -> None:
    # robust: in the embedded mode the task runs here, eagerly; a failure must not reach the
    # move that ended the game (it has committed), and the watchdog will try again.
    transaction.on_commit(partial(queue_bookkeeping, record.pk), robust=True)


@receiver(signals.game_annulled, dispatch_uid="rankings_game_annulled")
def game_annulled(sender: Any, record: Any, **kwargs: Any) -> None:
    services.game_score_annul(record.pk)


def watchdog() -> int:
    """Queue the bookkeeping of games finished over a minute ago and not scored; how many."""
    overdue = services.game_scores_overdue()
    for table_id in overdue:
        queue_bookkeeping(table_id)
    return len(overdue)
