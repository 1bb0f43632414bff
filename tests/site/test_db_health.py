"""The PostgreSQL connection's health check (whistsite/patches/postgres/): skipped for a
connection used a moment ago, done (and a broken connection replaced) after it sat idle."""

from __future__ import annotations

import psycopg
import pytest
from django.db import OperationalError, close_old_connections, connection

from whistsite.patches.postgres import base

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def persistent(monkeypatch):
    """A persistent connection, as on a server (the tests' settings close it each cycle)."""
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 600)
    connection.close()
    yield
    connection.close()


def killed_by_another_connection() -> None:
    """This thread's connection, ended by the server as a restart would end it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    close_old_connections()  # the request cycle ends
    params = connection.get_connection_params()
    params.pop("cursor_factory", None), params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


def one() -> int:
    close_old_connections()  # the next request cycle (a socket's database call) begins
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()[0]


def test_a_connection_used_a_moment_ago_is_not_checked_before_its_next_query():
    killed_by_another_connection()
    with pytest.raises(OperationalError):
        one()  # no check: its query meets the broken connection
    assert one() == 1  # closed after the failed cycle, connected again


def test_a_connection_that_sat_idle_is_checked_and_replaced_if_broken(monkeypatch):
    monkeypatch.setattr(base, "HEALTH_IDLE", 0.0)  # any pause is idle enough
    killed_by_another_connection()
    assert one() == 1
