"""Settings of the live browser tests' Daphne server and Celery worker: the Redis channel
layer and bot turns queued on Redis for a real worker process, as in production."""

from tests.e2e.server_settings import *  # noqa: F403
from whistsite import settings as site

CHANNEL_LAYERS = site.CHANNEL_LAYERS  # Redis, as REDIS_URL says
CELERY_TASK_ALWAYS_EAGER = False
