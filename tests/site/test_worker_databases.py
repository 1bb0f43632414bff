"""Under pytest-xdist each worker keeps its Redis databases to itself (tests/redis_databases.py),
and so do the servers and Celery workers its tests start."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings

from tests.redis_databases import first_database
from tests.servers import ROOT


@pytest.mark.parametrize(("worker", "first"), [(None, 0), ("gw0", 3), ("gw1", 6), ("gw3", 12)])
def test_each_worker_has_three_redis_databases_of_its_own(monkeypatch, worker, first) -> None:
    if worker is None:
        monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    else:
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    assert first_database() == first


def settings_in_a_new_process(module: str, worker: str) -> str:
    code = ("import django; django.setup(); from django.conf import settings as s; "
            "print(s.CELERY_BROKER_URL, s.CHANNEL_LAYERS['default']['CONFIG']['hosts'][0]"
            "['address'], s.CACHES['default']['LOCATION'])")  # fmt: skip
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": module,
        "PYTEST_XDIST_WORKER": worker,
        "REDIS_URL": "redis://127.0.0.1:6399",
        "WHIST_TEST_DATABASE_NAME": "x",
    }
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, check=True)  # fmt: skip
    return done.stdout.split()


@pytest.mark.parametrize("module", ["tests.settings", "tests.site_settings",
                                    "tests.e2e.server_settings_live"])  # fmt: skip
def test_a_process_a_worker_starts_uses_that_workers_databases(module) -> None:
    assert settings_in_a_new_process(module, "gw1") == [
        "redis://127.0.0.1:6399/6",
        "redis://127.0.0.1:6399/7",
        "redis://127.0.0.1:6399/8",
    ]


def test_this_process_uses_its_workers_databases() -> None:
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL")
    first = first_database()
    assert settings.CELERY_BROKER_URL.endswith(f"/{first}")
    assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]["address"].endswith(
        f"/{first + 1}"
    )
    assert settings.CACHES["default"]["LOCATION"].endswith(f"/{first + 2}")
