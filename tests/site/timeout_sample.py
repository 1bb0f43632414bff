"""Run only by tests/site/test_make_test.py (the name keeps it out of the suite): a test whose
teardown is timed out by pytest-timeout inside a query, as a browser test's flush was on a
loaded machine, and a test after it that uses the database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slow_teardown() -> Iterator[None]:
    yield
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_sleep(60)")


def one() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()[0]


def test_a_first_that_queries() -> None:  # the test database made, without a tight timeout
    assert one() == 1


@pytest.mark.timeout(10)
def test_then_one_whose_teardown_times_out_in_a_query(slow_teardown) -> None:
    pass


def test_then_one_that_queries() -> None:
    assert one() == 1
