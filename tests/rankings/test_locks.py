"""Rankings locks its own: scoring and annulling a game take rankings' score lock
(rankings.locks), never a row of games' tables, so a table row held by the card room does
not hold up the bookkeeping (docs/architecture.md §7)."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from django.db import connection, connections, transaction

from games.models import Table
from rankings.models import GameScore
from rankings.services import game_score_annul, game_score_create
from tests.rankings.helpers import store, winning

ROOT = Path(__file__).resolve().parents[2]
postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs the PostgreSQL that `make test` uses"
)


def _with_table_locked(table_id: int, work) -> None:
    """Run `work` while another connection holds the table's row (FOR NO KEY UPDATE: a
    change of the row that leaves its key, which the foreign keys of rankings' rows to the
    table may still check); `work` may wait at most a second for a lock."""
    held, done = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                locked = Table.objects.select_for_update(no_key=True).filter(pk=table_id)
                locked.values_list("pk").first()
                held.set()
                done.wait(10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '1s'")
        work()
    finally:
        done.set()
        holder.join()
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_the_bookkeeping_does_not_wait_for_the_table_row(make_user):
    ann = make_user("ann")
    table = store(winning("german", 2, 0), [ann, "beginner"])
    _with_table_locked(table.pk, lambda: game_score_create(table.pk))
    assert GameScore.objects.filter(table_id=table.pk, annulled=False).exists()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_annulling_a_score_does_not_wait_for_the_table_row(make_user):
    ann = make_user("ann")
    table = store(winning("german", 2, 0), [ann, "beginner"])
    game_score_create(table.pk)
    _with_table_locked(table.pk, lambda: game_score_annul(table.pk))
    assert GameScore.objects.get(table_id=table.pk).annulled


def test_no_app_above_games_locks_a_row_of_games():
    """records, rankings, social and tournaments lock their own rows (or rankings' score
    lock), never games' Table or Seat rows."""
    locking = re.compile(r"\b(Table|Seat)\.objects\.select_for_update\(")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for app in ("records", "rankings", "social", "tournaments")
        for path in sorted((ROOT / app).rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if locking.search(line)
    ]
    assert found == []
