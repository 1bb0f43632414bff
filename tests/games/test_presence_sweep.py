"""The watchdog's presence sweep (games/services/presence_drop.py `presence_sweep`): the rows
of silent sockets and of dead servers dropped in a bounded number of statements, however many
tables they are at, then one publish per table whose seats lost their last socket; the tables'
locks taken in the order moves take them."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, connections, transaction
from django.db.backends.utils import CursorWrapper
from django.utils import timezone

from games import services
from games.models import Presence
from games.services import presence
from games.services.moves import lock_table

from .helpers import german_table, table
from .test_presence import away_checks_queued, connected_tables, seat_of, silent_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("tables", [2, 5])
def test_the_sweep_drops_stale_rows_in_a_few_statements_then_publishes_each_table_once(
    make_user, queued, monkeypatch, settings, tables
):
    """The sweep was one locked transaction a table (a dozen statements each); its rows now go
    in the same few statements at 2 tables and at 5. Which rows are stale (silent for
    WHIST_PRESENCE_STALE, or of a dead server), the seats' last_seen and away checks, and one
    new version per table whose seats lost their last socket are as before."""
    stale = settings.WHIST_PRESENCE_STALE + 60
    made = connected_tables(make_user, tables, "a")
    quiet_ann, quiet_bob = make_user("quiet_ann"), make_user("quiet_bob")
    quiet = german_table(quiet_ann, quiet_bob)  # its sockets beat: untouched
    services.seat_connect(quiet.pk, quiet_ann, "a.quiet_ann")
    services.seat_connect(made[0][0].pk, made[0][2], "b.bob0")  # bob0's other socket beats
    for n in range(tables):
        silent_for(f"a.ann{n}", stale)
        silent_for(f"a.bob{n}", stale)
    silent_for("a.ann1", settings.WHIST_PRESENCE_STALE - 30)  # not silent, but its server died
    Presence.objects.filter(channel="a.ann1").update(process="dead-server")
    beat = Presence.objects.get(channel="a.ann1").seen
    versions = {t.pk: table(t.pk).version for t in [quiet, *(m[0] for m in made)]}
    sent: list[str] = []  # every thread's statements, as the presence-drop test counts them
    execute = CursorWrapper.execute

    def counted(cursor: Any, sql: str, params: Any = None) -> Any:
        sent.append(sql)
        return execute(cursor, sql, params)

    published: list[int] = []
    in_publishes = [0]
    publish = presence.presence_publish

    def spy(table_id: int, since: int = -1) -> None:
        published.append(table_id)
        before_it = len(sent)
        publish(table_id, since)
        in_publishes[0] += len(sent) - before_it

    before, queued_before = timezone.now(), len(queued)
    with monkeypatch.context() as patched:
        patched.setattr(CursorWrapper, "execute", counted)
        patched.setattr(presence, "presence_publish", spy)
        assert services.presence_sweep() == 2 * tables
    after = timezone.now()

    assert len(sent) - in_publishes[0] == 3, sent  # the sweep's own, however many tables
    assert sorted(published) == sorted(t.pk for t, _, _ in made)  # each once; not `quiet`
    assert sorted(Presence.objects.values_list("channel", flat=True)) == ["a.quiet_ann", "b.bob0"]
    assert table(quiet.pk).version == versions[quiet.pk]
    for t, ann, bob in made:
        assert table(t.pk).version == versions[t.pk] + 1
        assert seat_of(t, ann).connections == 0
        assert seat_of(t, bob).connections == (1 if t.pk == made[0][0].pk else 0)
    assert seat_of(made[1][0], made[1][1]).last_seen == beat
    closed = [(t.pk, 0) for t, _, _ in made] + [(t.pk, 1) for t, _, _ in made[1:]]
    away_checks_queued(queued, queued_before, closed, before, after, settings)


def test_the_sweep_locks_tables_in_the_order_a_change_of_two_tables_does(
    make_user, monkeypatch, settings
):
    """A practice table or a rematch locks the older table, then the newer (lower id first):
    a sweep that meets a held lock on the older table waits for it holding no newer table's
    lock, so the other transaction's second lock is not a deadlock (PostgreSQL would end one
    of the two after deadlock_timeout; a sweep ended so is tried again, so its locking
    statement is counted: sent once)."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has one writer")
    made = []
    for n in range(2):
        ann, bob = make_user(f"ann{n}"), make_user(f"bob{n}")
        t = german_table(ann, bob)
        services.seat_connect(t.pk, ann, f"a.ann{n}")
        silent_for(f"a.ann{n}", settings.WHIST_PRESENCE_STALE + 60)
        made.append(t.pk)
    older, newer = sorted(made)
    locking: list[str] = []
    execute = CursorWrapper.execute

    def counted(cursor: Any, sql: str, params: Any = None) -> Any:
        if "FOR UPDATE OF t" in sql:
            locking.append(sql)
        return execute(cursor, sql, params)

    monkeypatch.setattr(CursorWrapper, "execute", counted)
    holding, waiting, done = threading.Event(), threading.Event(), threading.Event()
    failed: list[BaseException] = []

    def change_of_two_tables() -> None:
        try:
            with transaction.atomic():
                lock_table(older)
                holding.set()
                assert waiting.wait(10)
                lock_table(newer)
        except BaseException as error:
            failed.append(error)
        finally:
            done.set()
            connections.close_all()

    other = threading.Thread(target=change_of_two_tables)
    other.start()
    assert holding.wait(10)
    swept: list[int] = []
    sweeper = threading.Thread(
        target=lambda: (swept.append(services.presence_sweep()), connections.close_all())
    )
    sweeper.start()
    _until_a_lock_waits()
    waiting.set()
    other.join(10)
    sweeper.join(10)
    assert done.is_set() and not failed, failed
    assert swept == [2]
    assert len(locking) == 1  # not ended for a deadlock and tried again


def _until_a_lock_waits() -> None:
    """Until some session of this database waits for a lock (the sweep, for the older table)."""
    deadline = timezone.now() + timedelta(seconds=10)
    with connection.cursor() as cursor:
        while timezone.now() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
    raise AssertionError("no session waits for a lock")
