"""Celery application for background work (bot moves, timeouts), configured from Django."""

import os

from celery import Celery

from whistsite.patches import kombu_redis

kombu_redis.install()  # a Redis restart must not stop a worker (see the module)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")

app = Celery("whistsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
