"""Each pytest-xdist worker's own Redis databases (docs/stack-notes.md §2.19), so that tests
running at the same time on the one Redis of `make test` never meet: a `cache.clear()`
(FLUSHDB) of one worker's test empties only that worker's cache, and group `table-1` of one
worker's test database is not the `table-1` of another's.

The site keeps Celery's broker, the channel layer and the cache in Redis databases 0, 1 and 2
of REDIS_URL (whistsite.settings), and so does a run without xdist; worker gwN uses the three
after them, 3(N+1) to 3(N+1)+2, so that no worker meets a run without xdist either. Redis has
16 databases: four workers at most. Redis Pub/Sub, which the site's channel layer uses,
ignores the database number (a publish reaches every subscriber of the server), so a
worker's channel layer also names its channels and groups with a prefix of its own. Servers
and Celery workers that tests start inherit PYTEST_XDIST_WORKER from the environment, and
their settings modules (tests.settings, tests.site_settings) call `use_worker_databases` too.
"""

from __future__ import annotations

import copy
import os
from typing import Any

from whistsite.settings import redis_db_url

DATABASES_PER_WORKER = 3  # broker, channel layer, cache
REDIS_DATABASES = 16  # a Redis server's default


def worker_name() -> str:
    """This pytest-xdist worker's name (gw0, gw1, ...); "" without xdist."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def first_database() -> int:
    """The first of this process's three Redis databases: 0 without xdist, 3(N+1) in gwN."""
    name = worker_name()
    return DATABASES_PER_WORKER * (int(name.removeprefix("gw")) + 1) if name else 0


def use_worker_databases(settings: dict[str, Any]) -> None:
    """Point the broker, channel layer and cache of a settings module (its globals()) at this
    worker's Redis databases; nothing without REDIS_URL."""
    url = settings.get("REDIS_URL")
    if not url:
        return
    base = first_database()
    if base + DATABASES_PER_WORKER > REDIS_DATABASES:
        raise RuntimeError(f"{REDIS_DATABASES} Redis databases: at most four xdist workers")
    settings["CELERY_BROKER_URL"] = redis_db_url(url, base)
    layers = copy.deepcopy(settings["CHANNEL_LAYERS"])
    config = layers["default"].get("CONFIG", {})
    for host in config.get("hosts", []):
        host["address"] = redis_db_url(url, base + 1)
    if worker_name() and "hosts" in config:
        config["prefix"] = f"asgi-{worker_name()}"  # Pub/Sub channels are server-wide
    settings["CHANNEL_LAYERS"] = layers
    caches = copy.deepcopy(settings["CACHES"])
    caches["default"]["LOCATION"] = redis_db_url(url, base + 2)
    settings["CACHES"] = caches
