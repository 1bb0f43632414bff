"""Receiver of records' signal: after a stored game's move commits, the puzzle sweep is queued
(it cuts that game if anyone may see its cards, and any board released since)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import receiver

from learning import tasks
from records import signals
from runtime import scheduling


def queue_sweep() -> None:
    """In the analysis lane (runtime.scheduling), apart from turns and bookkeeping."""
    scheduling.run_later(tasks.puzzles_sweep.name, ())


@receiver(signals.game_recorded, dispatch_uid="learning_game_recorded")
def game_recorded(sender: Any, record: Any, **kwargs: Any) -> None:
    # robust: a failure here must not reach the committed move (as fair play's receiver).
    transaction.on_commit(queue_sweep, robust=True)
