"""Receivers of the card room's signals: a finished game queues its bookkeeping once the move
has committed; the watchdog queues again bookkeeping that did not happen in time."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from games import signals
from rankings import services, tasks
from runtime import scheduling


def queue_bookkeeping(table_id: int) -> None:
    """In the bookkeeping lane (runtime.scheduling: a Celery queue of its own, or a thread of
    the embedded server's, or at once where no server runs)."""
    scheduling.run_later(tasks.bookkeeping.name, (table_id,))


@receiver(signals.game_finished, dispatch_uid="rankings_game_finished")
def game_finished(sender: Any, table: Any, **kwargs: Any) -> None:
    # robust: in the embedded mode the task runs here, eagerly; a failure must not reach the
    # move that ended the game (it has committed), and the watchdog will try again.
    transaction.on_commit(partial(queue_bookkeeping, table.pk), robust=True)


def watchdog() -> int:
    """Queue the bookkeeping of games finished over a minute ago and not scored; how many."""
    overdue = services.game_scores_overdue()
    for table_id in overdue:
        queue_bookkeeping(table_id)
    return len(overdue)
