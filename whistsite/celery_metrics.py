"""A Celery worker's metrics: prometheus_client's multiprocess mode, served by the worker's
main process on WHIST_METRICS_BIND:WHIST_METRICS_PORT (docs/deployment.md §"Metrics").

Why multiprocess mode, not a scrape of the queue from a web process: what a worker measures
(a bot's decision time, a task's wait, the watchdog's repairs) happens in its prefork
children, which no other process can see, and each child's counts must outlive it. The
queue depths, which belong to no worker and matter most when the workers are gone, are read
from Redis by the web processes at each scrape (whistsite/metrics_endpoint.py).

`prepare()` must run before prometheus_client is first imported (it picks its value class
then): whistsite/celery.py calls it first thing. Every process stamps the tasks it queues
with the time (a header), and a worker observes how long each waited past it (or past its
countdown) in runtime/metrics.py's TASK_DELAY, by lane.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from datetime import datetime
from typing import Any

QUEUED_HEADER = "whist_queued"


def prepare() -> None:
    """In a worker that is to serve metrics, a fresh folder for its children's counts."""
    if os.environ.get("WHIST_METRICS_PORT") and "worker" in sys.argv[1:]:
        if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            folder = tempfile.mkdtemp(prefix="whist-metrics-")
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder


def connect(app: Any) -> None:
    """The signal handlers: stamp on publish, observe before a task runs, serve on start."""
    from celery import signals

    signals.before_task_publish.connect(_stamp, weak=False)
    signals.task_prerun.connect(_observe, weak=False)
    signals.worker_init.connect(_serve, weak=False)
    signals.worker_process_shutdown.connect(_child_gone, weak=False)
    signals.worker_shutdown.connect(_cleanup, weak=False)


def _stamp(headers: dict | None = None, **kwargs: Any) -> None:
    if headers is not None:
        headers.setdefault(QUEUED_HEADER, time.time())


def _observe(task: Any = None, **kwargs: Any) -> None:
    request = getattr(task, "request", None)
    queued = getattr(request, QUEUED_HEADER, None)
    if queued is None:
        return
    from runtime import metrics
    from runtime.scheduling import lane_of

    due = float(queued)
    eta = getattr(request, "eta", None)
    if eta:
        due = max(due, datetime.fromisoformat(str(eta)).timestamp())
    try:
        lane = lane_of(task.name)
    except ValueError:
        lane = "other"
    metrics.TASK_DELAY.labels(lane=lane).observe(max(0.0, time.time() - due))


def _serve(**kwargs: Any) -> None:
    port = os.environ.get("WHIST_METRICS_PORT")
    if not port or not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return
    from prometheus_client import CollectorRegistry, multiprocess, start_http_server

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    start_http_server(int(port), addr=os.environ.get("WHIST_METRICS_BIND", "127.0.0.1"),
                      registry=registry)  # fmt: skip


def _child_gone(pid: int | None = None, **kwargs: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid or os.getpid())


def _cleanup(**kwargs: Any) -> None:
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
    if folder.startswith(tempfile.gettempdir()) and "whist-metrics-" in folder:
        shutil.rmtree(folder, ignore_errors=True)
