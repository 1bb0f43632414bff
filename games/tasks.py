"""Celery tasks of the card room: bot moves, turn timeouts, the away check, the watchdog
and the quick-play pool's timers.

Each takes ids and the move count it was queued for, and re-checks under the table's row
lock, so a task delivered twice (acks_late, a worker restart) plays at most once.
"""

from __future__ import annotations

from celery import shared_task

from games import services
from games.services.watchdog_parts import watchdog_parts_run
from runtime.scheduling import RETRY


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True, **RETRY)
def bot_move(table_id: int, expected_moves: int) -> bool:
    """Play for the bot (or stand-in) to act, if nothing moved since the task was queued."""
    return services.bot_play(table_id, expected_moves)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True, **RETRY)
def turn_timeout(table_id: int, expected_moves: int) -> bool:
    """The table's timer: if the human to act ran out of time, a bot plays for them from now
    on, until they are back; else it sets itself again for the current deadline."""
    return services.timeout_play(table_id, expected_moves)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True, **RETRY)
def away_check(table_id: int, index: int, stamp: str) -> bool:
    """After the grace period, mark a still-disconnected player away."""
    return services.away_check(table_id, index, stamp)


@shared_task(ignore_result=True, **RETRY)
def watchdog() -> int:
    """Re-queue bot turns and timeouts that did not happen in time, drop the sockets of
    servers that died, close abandoned open tables, and let the scoring apps re-queue their
    overdue work (games.services.watchdog_parts); periodic, via beat; how many."""
    count = services.watchdog_run() + services.presence_sweep() + services.table_close_abandoned()
    count += services.pool_sweep()
    return count + watchdog_parts_run()


@shared_task(ignore_result=True, **RETRY)
def pool_match(line_id: int) -> int:
    """A waiting player's bot wait is due: seat whoever can be seated in that line of the
    pool now (safe to run twice: matching runs under the line's lock). How many tables."""
    return len(services.pool_match(line_id))
