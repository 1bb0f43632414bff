"""A server that vanishes mid-transaction does not hold its row locks for long: the site's
PostgreSQL sessions have the server give up on a client that acknowledges nothing, or
answers no probe, for WHIST_DB_KEEPALIVE seconds (whistsite/settings/database.py); the cut
itself is tests/hosts/test_dead_lock_holder.py."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.db import connection

from tests.servers import ROOT

pytestmark = pytest.mark.django_db


def test_a_site_session_is_given_up_by_postgresql_after_ten_silent_seconds() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only")
    names = ("tcp_user_timeout", "tcp_keepalives_idle", "tcp_keepalives_count")
    with connection.cursor() as cursor:
        found = []
        for name in names:
            cursor.execute(f"SHOW {name}")
            found.append(cursor.fetchone()[0])
    assert found == ["10000", "10", "3"]  # milliseconds, seconds, probes


def test_whist_db_keepalive_0_leaves_the_servers_settings() -> None:
    env = {**os.environ, "WHIST_DB_KEEPALIVE": "0", "DJANGO_SETTINGS_MODULE": "tests.settings"}
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print('options' in settings.DATABASES['default'].get('OPTIONS', {}))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
