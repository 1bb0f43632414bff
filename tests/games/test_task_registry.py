"""Every app's Celery tasks are registered once Django is set up, before any request or timer
needs one, whatever the order (once, a game's start answered 500 with NotRegistered).

Celery's autodiscovery skips its work when another thread is discovering at the same moment
(`celery.loaders.base._RACE_PROTECTION`): a start's on-commit hook and the embedded watchdog's
first tick, looking up a task at once, left one of them with no tasks. Each test runs in a
fresh interpreter, where nothing has looked a task up yet.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.servers import ROOT

NAMES = [
    "games.tasks.bot_move", "games.tasks.turn_timeout", "games.tasks.away_check",
    "games.tasks.watchdog", "records.tasks.analyse_game", "records.tasks.analyse_upload",
    "rankings.tasks.bookkeeping",
]  # fmt: skip


def _fresh(code: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    prelude = "import django; django.setup()\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + code], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=60,
    )  # fmt: skip


def test_every_task_is_registered_once_django_is_set_up():
    done = _fresh(
        f"from celery import current_app\nprint(sorted(set({NAMES!r}) - set(current_app.tasks)))"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_task_is_found_while_another_thread_is_discovering_tasks():
    # Another thread in the middle of Celery's autodiscovery: the lookup must not depend on it.
    code = (
        "import celery.loaders.base as base\n"
        "base._RACE_PROTECTION = True\n"
        "from runtime import scheduling\n"
        "print(scheduling.registered('games.tasks.bot_move').name)\n"
    )
    done = _fresh(code)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "games.tasks.bot_move"


def test_a_task_is_found_from_inside_a_running_event_loop():
    # The embedded watchdog's first tick runs in the server's loop: no database work there.
    code = (
        "import asyncio\n"
        "from runtime import scheduling\n"
        "async def main():\n"
        "    return scheduling.registered('games.tasks.watchdog').name\n"
        "print(asyncio.run(main()))\n"
    )
    done = _fresh(code)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "games.tasks.watchdog"
