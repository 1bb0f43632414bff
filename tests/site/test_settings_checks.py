"""Every setting is checked at start: a value the site cannot use stops the process with one
line per mistake, naming the variable and what it must be, and exit status 2, never a
traceback from inside a library; a DATABASE_URL of sqlite:///... works."""

from __future__ import annotations

import subprocess
import sys

from tests.servers import ROOT
from tests.site.test_security import clean_env
from whistsite.settings import play

SHOW = (
    "from django.conf import settings as s; "
    "print(s.DATABASES['default']['NAME'], s.WHIST_DB_THREADS)"
)
STOPS = 'the process stops (docs/deployment.md, "Environment")'


def start(code: str, **variables: str) -> subprocess.CompletedProcess:
    env = clean_env(DJANGO_DEBUG="true", **variables)
    command = [sys.executable, "-c", f"import django; django.setup(); {code}"]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_a_sqlite_database_url_names_the_sqlite_file(tmp_path):
    done = start(SHOW + "; from django.db import connection; connection.ensure_connection()",
                 DATABASE_URL=f"sqlite:///{tmp_path}/site.sqlite3")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [f"{tmp_path}/site.sqlite3", "False"]


def test_each_unusable_setting_is_one_line_and_the_process_exits_with_2():
    done = start(
        "", DATABASE_URL="mysql://whist:SECRET@db/whist", REDIS_URL="localhost:6379",
        WHIST_BOT_DELAY="fast", WHIST_MAX_SOCKETS="-1", DJANGO_SECURE_COOKIES="maybe",
        WHIST_RATE_INVITE="30 per hour", WHIST_TRUSTED_PROXIES="10.0.0.1,proxy",
        WHIST_PROCESS_TTL="1", WHIST_DAILY_BOT="master",
    )  # fmt: skip
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "SECRET" not in done.stderr
    named = {line.split("=")[0].removeprefix("settings: ") for line in done.stderr.splitlines()}
    assert named == {
        "WHIST_DAILY_BOT", "WHIST_PROCESS_TTL", "WHIST_BOT_DELAY", "DATABASE_URL",
        "WHIST_RATE_INVITE", "WHIST_MAX_SOCKETS", "DJANGO_SECURE_COOKIES",
        "WHIST_TRUSTED_PROXIES", "REDIS_URL", STOPS,
    }, done.stderr  # fmt: skip
    assert "mysql://db/whist: must be a URL of postgres" in done.stderr


def test_the_bot_levels_a_setting_may_name_are_the_engines():
    from games.engine.bots import LEVELS

    assert play.BOT_LEVELS == LEVELS


def test_the_channel_layer_is_sharded_over_the_redis_urls_given_in_their_order():
    layer = "from django.conf import settings as s; print(*(h['address'] for h in s.CHANNEL_LAYERS['default']['CONFIG']['hosts']))"  # noqa: E501
    urls = "redis://10.0.0.5:6379/1,redis://10.0.0.6:6380/1"
    done = start(layer, REDIS_URL="redis://10.0.0.5:6379", WHIST_CHANNEL_REDIS_URLS=urls)
    assert done.stdout.split() == urls.split(","), done.stderr
    alone = start(layer, REDIS_URL="redis://10.0.0.5:6379")
    assert alone.stdout.split() == ["redis://10.0.0.5:6379/1"], alone.stderr


def test_a_shard_url_that_is_no_redis_url_is_one_line():
    done = start("", REDIS_URL="redis://10.0.0.5:6379",
                 WHIST_CHANNEL_REDIS_URLS="redis://10.0.0.5:6379/1,10.0.0.6:6380")  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert [line.split("=")[0] for line in done.stderr.splitlines()] == [
        "settings: WHIST_CHANNEL_REDIS_URLS", f"settings: {STOPS}",
    ], done.stderr  # fmt: skip
