"""A refused request logs one line, never a traceback (whistsite/log_filters.py): a private
table's page without its invite (403) and a page that does not exist (404); a failure (500)
keeps its traceback."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from games import services

pytestmark = pytest.mark.django_db


def refused_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request"]


def test_a_private_tables_page_refused_logs_one_line_without_a_traceback(caplog):
    from django.contrib.auth import get_user_model

    ann = get_user_model().objects.create_user("ann", password="pw", display_name="Ann")
    table = services.table_create(ann, "german", private=True)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = Client().get(f"/tables/{table.pk}/")
    assert response.status_code == 403
    (line,) = refused_lines(caplog)
    assert line.getMessage().startswith("Forbidden")
    assert line.exc_info is None and "Traceback" not in caplog.text


def test_a_missing_page_logs_no_traceback(caplog):
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert Client().get("/tables/987654/").status_code == 404
    assert all(r.exc_info is None for r in refused_lines(caplog))
    assert "Traceback" not in caplog.text


def test_a_server_error_keeps_its_traceback():
    from whistsite.log_filters import NoTracebackBelow500

    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal "
                                   "Server Error", (), sys.exc_info())  # fmt: skip
    record.status_code = 500
    assert NoTracebackBelow500().filter(record) and record.exc_info is not None
