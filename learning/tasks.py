"""The Celery task of the puzzles: the sweep that cuts stored games (learning.puzzles.job), in
the analysis lane with the other solver work (runtime.scheduling)."""

from __future__ import annotations

from celery import shared_task

from learning.puzzles.job import sweep
from runtime.scheduling import RETRY


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True, **RETRY)
def puzzles_sweep() -> int:
    """Cut the stored games not cut yet; a second delivery finds them cut and writes nothing."""
    return sweep()
