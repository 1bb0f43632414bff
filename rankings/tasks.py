"""The Celery task of rankings: the bookkeeping of a finished game (exactly once, see
rankings.services.bookkeeping)."""

from __future__ import annotations

from celery import shared_task

from rankings import services
from runtime.scheduling import RETRY


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True, **RETRY)
def bookkeeping(table_id: int) -> bool:
    """Score a finished game; False if it was scored already (a second or concurrent run)."""
    return services.game_score_create(table_id) is not None
