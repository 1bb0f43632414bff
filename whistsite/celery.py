"""Celery application for background work (bot moves, timeouts), configured from Django."""

import os

from whistsite import celery_metrics

celery_metrics.prepare()  # before prometheus_client is imported (whistsite/celery_metrics.py)

from celery import Celery  # noqa: E402

from whistsite import celery_context  # noqa: E402
from whistsite.patches import kombu_redis  # noqa: E402

kombu_redis.install()  # a Redis restart must not stop a worker (see the module)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")

app = Celery("whistsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
celery_metrics.connect(app)
celery_context.connect()
