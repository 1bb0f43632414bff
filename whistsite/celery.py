"""Celery application for background work (bot moves, timeouts), configured from Django."""

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


@signals.worker_shutdown.connect(weak=False)
def _leave(**kwargs: object) -> None:
    """After the warm shutdown (the running tasks done), no interpreter teardown: it took a
    worker 15-19 s after SIGTERM at load average 20 (whistsite/patches/quick_exit.py). The
    last handler: connected after celery_metrics' own."""
    quick_exit.leave()
