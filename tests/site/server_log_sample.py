"""Run only by tests/site/test_make_test.py (the name keeps it out of the suite): a test whose
Daphne logs a request, and which then fails, so that its report shows the log's end."""

from __future__ import annotations

import os
import urllib.error
import urllib.request

from tests.servers import daphne

MISSING = "/no-such-page-for-the-log-test/"


def test_fails_after_its_server_logged_a_request(server_log) -> None:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    with daphne("tests.e2e.server_settings", env, server_log("daphne")) as url:
        try:
            urllib.request.urlopen(url + MISSING, timeout=30)
        except urllib.error.HTTPError as error:
            assert error.code == 404
    raise AssertionError("failing on purpose")
