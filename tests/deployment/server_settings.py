"""Settings of the Daphne behind nginx in tests/deployment: the site's own production
settings (debug off, https only, the proxy's X-Forwarded-Proto trusted), on the test
database, with static files collected into the test's folder."""

import os

from tests.site_settings import *  # noqa: F403
from tests.site_settings import DATABASES

DATABASES["default"]["NAME"] = os.environ["WHIST_TEST_DATABASE_NAME"]
STATIC_ROOT = os.environ["WHIST_TEST_STATIC_ROOT"]
