"""Settings for the test suite: the site's settings with fast, test-friendly overrides."""

import os

# The site refuses to start without a real key when DEBUG is off (as it is here): a key of
# the tests' own, unless one is given.
os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-" + "k3y-" * 12)
# The same deal secret in the tests' process and the servers and workers they start.
os.environ.setdefault("WHIST_DEAL_SECRET", "tests-only-deal-" + "s3cr3t-" * 4)

from tests.redis_databases import use_worker_databases  # noqa: E402
from whistsite.settings import *  # noqa: E402, F403

# PostgreSQL when DATABASE_URL is set (as `make test` does), else SQLite: see whistsite.settings.

# A real hash costs about 0.26 s here (docs/stack-notes.md §2.15); tests need no security.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The tests' flush, a tenth of the cost of Django's (tests/flush/management/commands/flush.py).
INSTALLED_APPS = [*INSTALLED_APPS, "tests.flush"]  # noqa: F405

# Tasks run in the test's own process unless a test starts a worker itself.
CELERY_TASK_ALWAYS_EAGER = True

# Serve static files from the source folders: tests never run collectstatic.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# Plain http on 127.0.0.1: no redirect to https, cookies that travel over http.
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0

# A connection per call, as before persistent connections (whistsite.settings): the pool
# threads that build broadcasts would otherwise hold theirs open and the test database
# could not be dropped at the end of the session.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405

# Under pytest-xdist, each worker's broker, channel layer and cache in Redis databases of its own.
use_worker_databases(globals())
