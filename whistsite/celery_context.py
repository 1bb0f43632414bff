"""A task's log lines carry the ids of what queued it (runtime/log_context.py): every process
puts its bound ids in the task's `whist_log` header, and the worker binds them while the task
runs, so one move's frame, broadcast and tasks share a request id."""

from __future__ import annotations

import logging
from typing import Any

from runtime import log_context

log = logging.getLogger(__name__)
HEADER = "whist_log"
_bound: dict[str, Any] = {}  # task id -> token, from prerun to postrun (same thread)


def connect() -> None:
    from celery import signals

    signals.before_task_publish.connect(_stamp, weak=False)
    signals.task_prerun.connect(_bind, weak=False)
    signals.task_postrun.connect(_unbind, weak=False)


def _stamp(headers: dict | None = None, **kwargs: Any) -> None:
    if headers is not None:
        headers.setdefault(HEADER, log_context.current())


def _bind(task_id: str = "", task: Any = None, **kwargs: Any) -> None:
    ids = getattr(getattr(task, "request", None), HEADER, None)
    given = ids if isinstance(ids, dict) else {}
    _bound[task_id] = log_context.bind(**{"request": log_context.new_id(), **given})
    log.debug("task %s started", getattr(task, "name", "?"))


def _unbind(task_id: str = "", **kwargs: Any) -> None:
    token = _bound.pop(task_id, None)
    if token is not None:
        log_context.unbind(token)
