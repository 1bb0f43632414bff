"""Settings of the live browser tests' Daphne server and Celery worker: the Redis channel
layer and bot turns queued on Redis for a real worker process, as in production."""

from tests import settings as test_settings
from tests.e2e.server_settings import *  # noqa: F403

CHANNEL_LAYERS = test_settings.CHANNEL_LAYERS  # Redis, as REDIS_URL says (this worker's databases)
CELERY_TASK_ALWAYS_EAGER = False
