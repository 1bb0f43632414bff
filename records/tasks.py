"""Celery tasks of the records app: the analysis of one stored game or uploaded record."""

from __future__ import annotations

from celery import shared_task

from records.analysis_service import UPLOAD, analysis_run


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def analyse_game(record_id: int) -> bool:
    """Analyse a stored game (takes its id; a second delivery finds it done or under way)."""
    return analysis_run(record_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def analyse_upload(upload_id: int) -> bool:
    """Analyse an uploaded record (takes its row's id), as analyse_game does a stored game."""
    return analysis_run(upload_id, UPLOAD)
