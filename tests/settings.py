"""Settings for the test suite: the site's settings with fast, test-friendly overrides."""

from whistsite.settings import *  # noqa: F403

# PostgreSQL when DATABASE_URL is set (as `make test` does), else SQLite: see whistsite.settings.

# A real hash costs about 0.26 s here (stack-notes pitfall 15); tests need no security.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Tasks run in the test's own process unless a test starts a worker itself.
CELERY_TASK_ALWAYS_EAGER = True

# Serve static files from the source folders: tests never run collectstatic.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
