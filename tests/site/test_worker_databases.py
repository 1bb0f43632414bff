"""Under pytest-xdist each worker keeps its Redis databases to itself (tests/redis_databases.py),
and so do the servers and Celery workers its tests start."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from typing import Any

import pytest
from django.conf import settings
from django.utils.module_loading import import_string

from tests.faults.stack import template_folder
from tests.redis_databases import first_database, use_worker_databases
from tests.servers import ROOT
from tests.template_database import run_test_name
from whistsite import settings as site


@pytest.mark.parametrize(("worker", "first"), [(None, 0), ("gw0", 3), ("gw1", 6), ("gw3", 12)])
def test_each_worker_has_three_redis_databases_of_its_own(monkeypatch, worker, first) -> None:
    if worker is None:
        monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    else:
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    assert first_database() == first


def test_a_run_beside_another_names_its_test_databases_apart(monkeypatch) -> None:
    monkeypatch.setenv("WHIST_TEST_DATABASE_SUFFIX", "e2e")  # make test's browser run
    assert run_test_name("test_whist_gw0") == "test_whist_gw0_e2e"
    monkeypatch.delenv("WHIST_TEST_DATABASE_SUFFIX")
    assert run_test_name("test_whist_gw0") == "test_whist_gw0"


def test_a_runs_workers_share_a_template_cluster_and_two_runs_do_not(monkeypatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_TESTRUNUID", "run-a")
    first = template_folder()
    assert template_folder("run-a") == first != template_folder("run-b")
    monkeypatch.delenv("PYTEST_XDIST_TESTRUNUID")
    assert template_folder() not in (first, template_folder("run-b"))


def settings_in_a_new_process(module: str, worker: str) -> str:
    code = ("import django; django.setup(); from django.conf import settings as s; "
            "layer = s.CHANNEL_LAYERS['default']['CONFIG']; "
            "print(s.CELERY_BROKER_URL, layer['hosts'][0]['address'], layer['prefix'], "
            "s.CACHES['default']['LOCATION'])")  # fmt: skip
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
        "asgi-gw1",
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


def layer_of(worker: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The site's channel layer as the xdist worker `worker` has it."""
    monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    names = {"REDIS_URL": settings.REDIS_URL, "CHANNEL_LAYERS": site.CHANNEL_LAYERS,
             "CACHES": site.CACHES}  # fmt: skip
    use_worker_databases(names)
    layer = names["CHANNEL_LAYERS"]["default"]
    return import_string(layer["BACKEND"])(**layer["CONFIG"])


async def test_a_group_message_of_one_worker_never_reaches_another_workers_channel(
    monkeypatch,
) -> None:
    """Redis Pub/Sub ignores the database number: only the prefix keeps workers apart."""
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL")
    mine, other = layer_of("gw0", monkeypatch), layer_of("gw1", monkeypatch)
    channel = await mine.new_channel()
    await mine.group_add("table-1", channel)
    try:
        await other.group_send("table-1", {"type": "change", "sender": "other worker"})
        await mine.group_send("table-1", {"type": "change", "sender": "same worker"})
        assert (await asyncio.wait_for(mine.receive(channel), 10))["sender"] == "same worker"
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(mine.receive(channel), 0.5)
    finally:
        await mine.flush()
        await other.flush()
