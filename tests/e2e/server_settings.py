"""Settings of the Daphne server the browser tests start: the test settings on the test database."""

import os

# The sockets' frames and the tasks' queueing in the server's log (games, runtime at DEBUG):
# a failed test's report ends with its last lines (tests/conftest.py).
os.environ.setdefault("WHIST_LOG_LEVEL", "DEBUG")

from tests.settings import *  # noqa: F403
from tests.settings import DATABASES

# The server runs in its own process and must use the database pytest-django created for the
# test's process: under pytest-xdist each worker's has a suffix (test_whist_gw1), which only
# that process knows; tests/servers.py passes it down.
DATABASES["default"]["NAME"] = os.environ["WHIST_TEST_DATABASE_NAME"]
# Embedded mode (as `make run`): in-memory channel layer, bots on the server's own loop.
CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
CELERY_TASK_ALWAYS_EAGER = True
WHIST_BOT_DELAY = (0.05, 0.1)
WHIST_TRICK_PAUSE = 0.1
# The analysis process at the server's own priority: on a 2-core machine busy with browsers,
# a niced one waited minutes for the CPU (the page's test waits 60 s for the analysis).
WHIST_ANALYSIS_NICE = 0
# The tests' push service (tests/push_receiver.py) is plain http on 127.0.0.1.
WHIST_PUSH_HTTP = True
