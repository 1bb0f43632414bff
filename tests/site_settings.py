"""The site's own settings (production defaults) on this pytest-xdist worker's Redis databases
(tests/redis_databases.py): for the Celery workers and servers tests start as deployed."""

from tests.redis_databases import use_worker_databases
from whistsite.settings import *  # noqa: F403

use_worker_databases(globals())
