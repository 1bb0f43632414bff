"""Celery tasks of events: the tick that starts rounds on time, and a table's end."""

from __future__ import annotations

from celery import shared_task

from runtime.scheduling import RETRY
from tournaments import services


@shared_task(ignore_result=True, **RETRY)
def tick() -> int:
    """Start the events and rounds that are due, end finished events and closed days (the
    watchdog's beat)."""
    return services.event_tick() + services.days_close()


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True, **RETRY)
def table_done(table_id: int) -> bool:
    """Score a finished event table and recount the standings (safe to run twice)."""
    return services.table_done(table_id)
