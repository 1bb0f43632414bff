"""The liveness rule (docs/architecture.md): the watchdog queues again every turn whose bot or
timeout is overdue, and gives a timer to every table in play that needs one but has none."""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.gamestate import state_for
from games.models import Table
from games.reads.queries import plays_by_bot
from games.services.moves import lock_table, plan_turn
from runtime import metrics, scheduling

log = logging.getLogger(__name__)


def watchdog_run() -> int:
    """Queue again every turn whose bot or timeout is overdue (lost task, restart), and give
    a timer to every table in play whose next actor is a bot or a timed human but which has
    none (docs/architecture.md, the liveness rule); the count."""
    slack = timedelta(seconds=settings.WHIST_WATCHDOG_SLACK)
    due = Table.objects.filter(
        status=Table.Status.PLAYING, turn_deadline__lt=timezone.now() - slack
    ).prefetch_related("seats")
    count = 0
    for table in due:
        state = state_for(table)
        if state is None or state.over:
            continue
        bot = plays_by_bot(table.seats.all()[state.to_act], state)
        task = "bot_move" if bot else "turn_timeout"
        scheduling.run_later(task, (table.pk, table.moves), 0.0)
        metrics.WATCHDOG_REPAIRS.labels(kind="requeued").inc()
        count += 1
    return count + _restore_timers()


# Tables found at an untimed human's turn, which rightly has no deadline, and the version
# they were found at: the next ticks pass them by until they change (every change is a new
# version), instead of locking each again every few seconds. One per process.
_no_timer_needed: dict[int, int] = {}


def _restore_timers() -> int:
    found = _without_timer()
    for pk in set(_no_timer_needed) - set(found):
        del _no_timer_needed[pk]
    count = 0
    for pk, version in found.items():
        if _no_timer_needed.get(pk) == version:
            continue
        if timer_restore(pk):
            metrics.WATCHDOG_REPAIRS.labels(kind="timer").inc()
            count += 1
        else:
            _no_timer_needed[pk] = version
    return count


def _without_timer() -> dict[int, int]:
    """Tables in play with no turn deadline that may need one (timed, or with a bot or an
    away player; an untimed human's turn rightly has none), with their versions."""
    could = Q(time_limit__gt=0) | Q(seats__bot__gt="") | Q(seats__away=True)
    could |= Q(seats__user__isnull=True)
    found = Table.objects.filter(could, status=Table.Status.PLAYING, turn_deadline__isnull=True)
    return dict(found.values_list("pk", "version").distinct())


def timer_restore(table_id: int) -> bool:
    """Under the lock: if the table's next actor is a bot or a timed human and no deadline
    is set, set it and queue its task (a commit that planned no turn, a lost write); True if
    it did."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        if table.status != Table.Status.PLAYING or table.turn_deadline is not None:
            return False
        state = state_for(table)
        task = plan_turn(table, seats, state)
        if table.turn_deadline is None:
            return False
        table.save(update_fields=["turn_deadline", "timer_due"])
        if task is not None:
            transaction.on_commit(partial(scheduling.run_later, *task))
        log.warning("table %s had no timer for its next turn: restored", table_id)
        return True
