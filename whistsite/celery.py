"""Celery application for background work (bot moves, timeouts), configured from Django."""

import logging
import os

from whistsite import celery_metrics

celery_metrics.prepare()  # before prometheus_client is imported (whistsite/celery_metrics.py)

from celery import Celery, signals  # noqa: E402

from whistsite import celery_context  # noqa: E402
from whistsite.patches import kombu_redis, quick_exit  # noqa: E402

kombu_redis.install()  # a Redis restart must not stop a worker (see the module)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")

app = Celery("whistsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
celery_metrics.connect(app)
celery_context.connect()


@signals.worker_shutting_down.connect(weak=False)
def _deadline(**kwargs: object) -> None:
    """A warm shutdown waits for the running task without end (a worker at load average 24
    was still there 30 s after SIGTERM twice in 12 runs): 9.5 s after it began, the pool's
    processes are killed and the worker leaves. Their tasks come back: acknowledged late."""
    quick_exit.deadline(9.5, logging.getLogger("whistsite.celery"), before=_kill_children)


def _kill_children() -> None:
    import signal as unix_signal

    from billiard.process import active_children

    for child in active_children():
        if child.pid:
            os.kill(child.pid, unix_signal.SIGKILL)


@signals.worker_shutdown.connect(weak=False)
def _leave(**kwargs: object) -> None:
    """After the warm shutdown (the running tasks done), no interpreter teardown: it took a
    worker 15-19 s after SIGTERM at load average 20 (whistsite/patches/quick_exit.py). The
    last handler: connected after celery_metrics' own."""
    quick_exit.leave()
