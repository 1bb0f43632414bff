"""A second report of the same thing adds its details to the open report atomically: two at
once both land (PostgreSQL, real threads and connections; accounts.services.report_create)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction

from accounts.models import Report
from accounts.services import report_create

pytestmark = pytest.mark.django_db(transaction=True)


def _waiting_on_locks() -> int:
    """How many other sessions of this database wait for a row lock now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def _reports_while_held(held_sql: str, pk: int, reporter, reported, texts) -> None:
    """Hold one row from a third connection (`held_sql` FOR UPDATE, as another change would
    hold it) while a report of each of `texts` arrives in a thread of its own; let it go
    once all of them wait at a lock, and wait for them to end."""
    errors: list[str] = []

    def send(text: str) -> None:
        try:
            report_create(reporter, reported, "abuse", text)
        except Exception as exc:  # noqa: BLE001 - the test reports it
            errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            connections.close_all()

    holder = connections.create_connection("default")
    try:
        holder.set_autocommit(False)
        with holder.cursor() as cursor:
            cursor.execute(held_sql, [pk])
        threads = [threading.Thread(target=send, args=(t,)) for t in texts]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while _waiting_on_locks() < len(texts) and time.monotonic() < deadline:
            time.sleep(0.05)  # all at the held row (reading it, or writing it)
        assert _waiting_on_locks() == len(texts)
        holder.commit()
    finally:
        holder.close()
    for thread in threads:
        thread.join(30)
    assert not errors, errors


def test_two_reports_at_once_both_add_their_details() -> None:
    """The report's row is held (as a moderator's close or another append would) while two
    more reports of the same player arrive; once it is let go, both details are in it. A
    read-modify-write append read the same old text in both and kept only the later one."""
    users = get_user_model().objects
    ann, pat = users.create_user("ann", password="pw"), users.create_user("pat", password="pw")
    report = report_create(ann, pat, "abuse", "first")
    held = "SELECT id FROM accounts_report WHERE id = %s FOR UPDATE"
    _reports_while_held(held, report.pk, ann, pat, ("second", "third"))
    report.refresh_from_db()
    assert sorted(report.text.split("\n")) == ["first", "second", "third"], report.text
    assert Report.objects.count() == 1


def test_a_report_with_the_same_details_adds_nothing(db: Any) -> None:
    users = get_user_model().objects
    ann, pat = users.create_user("ann", password="pw"), users.create_user("pat", password="pw")
    report_create(ann, pat, "abuse")
    report_create(ann, pat, "abuse", "rude")
    with transaction.atomic():
        report_create(ann, pat, "abuse", "rude")
    assert Report.objects.get().text == "rude"


def test_two_first_reports_at_once_make_one_report() -> None:
    """Two reports of the same player by the same reporter, neither finding an open one yet:
    one report, the other's details added to it. Each looked for an open report, found none
    and made its own. The reporter's row is held from a third connection (as another of
    their reports would hold it) while both arrive."""
    users = get_user_model().objects
    ann, pat = users.create_user("ann", password="pw"), users.create_user("pat", password="pw")
    held = "SELECT id FROM accounts_user WHERE id = %s FOR UPDATE"
    _reports_while_held(held, ann.pk, ann, pat, ("first", "second"))
    report = Report.objects.get()
    assert sorted(report.text.split("\n")) == ["first", "second"], report.text
