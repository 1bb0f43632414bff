"""The Celery task of fair play: a stored game's figures (fairplay.services), in the analysis
lane with the other solver work (runtime.scheduling)."""

from __future__ import annotations

from celery import shared_task

from fairplay.services import game_signals_compute
from runtime.scheduling import RETRY


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True, **RETRY)
def game_signals(table_id: int) -> int:
    """Judge a stored game once; a second delivery finds it done and writes nothing."""
    return game_signals_compute(table_id)
