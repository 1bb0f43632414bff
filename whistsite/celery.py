"""Celery application for background work (bot moves, timeouts), configured from Django."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")

app = Celery("whistsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
