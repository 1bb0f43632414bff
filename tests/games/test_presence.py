"""Who is at the table: each open socket is counted, refreshed by its server's heartbeat, and
dropped by the watchdog when its server died without closing it."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db.backends.utils import CursorWrapper
from django.utils import timezone

from games import services, tasks
from games.models import Presence, Seat
from games.reads import messages
from games.services import presence

from .helpers import german_table, table
from .test_consumers import connect, until

pytestmark = pytest.mark.django_db(transaction=True)


def seat_of(t: Any, user: Any) -> Seat:
    return Seat.objects.get(table=t, user=user)


def silent_for(channel: str, seconds: float) -> None:
    """The socket opened, and its server last refreshed it, `seconds` ago (then it stopped:
    killed, say)."""
    then = timezone.now() - timedelta(seconds=seconds)
    Presence.objects.filter(channel=channel).update(seen=then)
    Seat.objects.filter(sockets__channel=channel).update(last_seen=then)


def test_each_open_socket_of_a_seated_player_is_counted_and_closing_it_uncounts_it(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, ann, "ann-1")
    services.seat_connect(t.pk, ann, "ann-2")
    assert seat_of(t, ann).connections == 2

    services.seat_disconnect(t.pk, "ann-1")
    services.seat_disconnect(t.pk, "ann-1")  # closing twice counts once
    assert seat_of(t, ann).connections == 1
    assert list(Presence.objects.values_list("channel", flat=True)) == ["ann-2"]


def test_a_spectators_socket_is_not_counted(make_user):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    t = german_table(ann, bob)

    assert services.seat_connect(t.pk, cy, "cy-1") is None
    assert services.seat_heartbeat(t.pk, cy, "cy-1") is None
    services.seat_disconnect(t.pk, "cy-1")
    assert not Presence.objects.exists()


def test_a_socket_whose_server_went_silent_is_dropped_and_the_player_goes_away(
    make_user, queued, settings
):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, ann, "ann-1")
    silent_for("ann-1", settings.WHIST_PRESENCE_STALE - 5)
    assert services.presence_sweep() == 0  # not yet stale

    silent_for("ann-1", settings.WHIST_PRESENCE_STALE + 60)
    assert services.presence_sweep() == 1
    assert seat_of(t, ann).connections == 0
    payload = messages.table_payload(table(t.pk), bob)
    assert not payload["table"]["seats"][0]["connected"]
    name, args = queued[-1]
    assert name == "away_check"
    assert queued.delays[-1] == 0.0  # silent for longer than the grace period already
    assert tasks.away_check.run(*args)
    assert seat_of(t, ann).away


def test_the_heartbeat_keeps_a_socket_counted(make_user, settings):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, ann, "ann-1")
    silent_for("ann-1", settings.WHIST_PRESENCE_STALE + 60)

    assert services.seat_heartbeat(t.pk, ann, "ann-1") == 0
    assert services.presence_sweep() == 0
    assert seat_of(t, ann).connections == 1


def test_a_counted_sockets_beat_is_one_statement_that_refreshes_it_and_reads_its_seat(
    make_user, django_assert_num_queries
):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, bob, "bob-1")
    before = Presence.objects.get(channel="bob-1").seen

    with django_assert_num_queries(1):
        assert services.seat_heartbeat(t.pk, bob, "bob-1") == 1
    assert Presence.objects.get(channel="bob-1").seen > before


def test_a_dropped_socket_that_beats_again_is_counted_again_and_ends_away(
    make_user, queued, settings
):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, ann, "ann-1")
    silent_for("ann-1", settings.WHIST_PRESENCE_STALE + 60)
    services.presence_sweep()
    assert tasks.away_check.run(*queued[-1][1])

    assert services.seat_heartbeat(t.pk, ann, "ann-1") == 0
    assert seat_of(t, ann).connections == 1
    assert not seat_of(t, ann).away
    services.seat_disconnect(t.pk, "ann-1")
    assert seat_of(t, ann).connections == 0


def test_a_seat_with_a_socket_on_a_living_server_stays_connected(make_user, queued, settings):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, ann, "server-a.ann")
    services.seat_connect(t.pk, ann, "server-b.ann")
    silent_for("server-a.ann", settings.WHIST_PRESENCE_STALE + 60)
    before = len(queued)

    assert services.presence_sweep() == 1
    assert seat_of(t, ann).connections == 1
    assert len(queued) == before  # no grace period: she is still there
    services.seat_disconnect(t.pk, "server-b.ann")
    assert queued[-1][0] == "away_check"


def test_standing_up_before_the_start_forgets_the_seats_sockets(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = services.table_create(ann, "german")
    services.seat_take(bob, t.pk, 1)
    services.seat_connect(t.pk, bob, "bob-1")

    services.seat_leave(bob, t.pk)
    assert not Presence.objects.exists()
    assert services.seat_heartbeat(t.pk, bob, "bob-1") is None


def test_the_watchdog_task_sweeps_silent_sockets(make_user, queued, settings):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, bob, "bob-1")
    silent_for("bob-1", settings.WHIST_PRESENCE_STALE + 1)

    assert tasks.watchdog.run() >= 1
    assert seat_of(t, bob).connections == 0


async def test_an_open_table_socket_beats_and_closing_it_uncounts_it(make_user, settings):
    settings.WHIST_PRESENCE_BEAT = 0.05
    ann = await database_sync_to_async(make_user)("ann")
    bob = await database_sync_to_async(make_user)("bob")
    t = await database_sync_to_async(german_table)(ann, bob)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")
    first = await database_sync_to_async(lambda: Presence.objects.get().seen)()

    await asyncio.sleep(0.3)
    later = await database_sync_to_async(lambda: Presence.objects.get().seen)()
    assert later > first
    # Its consumer is given Daphne's 10 s to uncount it (tests/games/helpers.py CLOSE_WAIT):
    # at the communicator's own 1 s a loaded machine's uncount was cut off (91488fa).
    await ws.disconnect()
    assert await database_sync_to_async(lambda: seat_of(t, ann).connections)() == 0
    assert not await database_sync_to_async(Presence.objects.exists)()


def test_the_beats_of_many_sockets_are_one_statement_and_a_dropped_one_is_counted_again(
    make_user, django_assert_max_num_queries, settings
):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    for channel, user in (("ann-1", ann), ("ann-2", ann), ("bob-1", bob)):
        services.seat_connect(t.pk, user, channel)
    silent_for("ann-1", 60)
    silent_for("bob-1", 60)
    before = dict(Presence.objects.values_list("channel", "seen"))
    beats = [(t.pk, ann, "ann-1"), (t.pk, ann, "ann-2"), (t.pk, bob, "bob-1")]

    with django_assert_max_num_queries(1):
        services.seats_heartbeat(beats)
    after = dict(Presence.objects.values_list("channel", "seen"))
    assert all(after[channel] > before[channel] for channel in before)

    Presence.objects.filter(channel="bob-1").delete()  # swept meanwhile: counted again
    services.seats_heartbeat(beats)
    assert seat_of(t, bob).connections == 1


@pytest.mark.parametrize("tables", [2, 5])
def test_a_stopping_processs_rows_are_gone_in_one_statement_before_any_publish(
    make_user, queued, monkeypatch, settings, tables
):
    """presence_drop_process: one statement however many tables (it was one locked
    transaction a table, cut off by the 8 s grace at 100 tables on a loaded machine); then
    one publish per table whose seats lost their last socket, each after every row is gone;
    the seats' last_seen and grace periods as a socket's close gives them."""
    made = connected_tables(make_user, tables, "stopping")
    kept, kept_bob = made[0][0], made[0][2]
    services.seat_connect(kept.pk, kept_bob, "alive.bob0")  # bob0's other server
    Presence.objects.filter(channel__startswith="stopping.").update(process="stopping")
    silent_for("stopping.ann1", 10)  # her server's last beat, 10 s ago
    beat = Presence.objects.get(channel="stopping.ann1").seen
    Seat.objects.filter(sockets__channel="stopping.ann1").update(last_seen=beat - timedelta(60))
    versions = {t.pk: table(t.pk).version for t, _, _ in made}
    sent: list[str] = []  # every thread's statements (the publishes run in threads of their own)
    execute = CursorWrapper.execute

    def counted(cursor: Any, sql: str, params: Any = None) -> Any:
        sent.append(sql)
        return execute(cursor, sql, params)

    published: list[tuple[int, int, int]] = []
    publish = presence.presence_publish

    def spy(table_id: int, since: int = -1) -> None:
        before_it = len(sent)
        published.append((table_id, before_it, Presence.objects.filter(process="stopping").count()))
        publish(table_id, since)

    before, queued_before = timezone.now(), len(queued)
    with monkeypatch.context() as patched:
        patched.setattr(CursorWrapper, "execute", counted)
        patched.setattr(presence, "presence_publish", spy)
        assert services.presence_drop_process("stopping", threads=2) == 2 * tables
    after = timezone.now()

    # One statement before the first publish, however many tables; no row left at any publish.
    assert min(count for _t, count, _left in published) == 1, sent[:3]
    assert sorted((t, left) for t, _count, left in published) == [(t.pk, 0) for t, _, _ in made]
    assert list(Presence.objects.values_list("channel", flat=True)) == ["alive.bob0"]
    for t, ann, bob in made:
        assert table(t.pk).version == versions[t.pk] + 1
        assert seat_of(t, ann).connections == 0
        assert seat_of(t, bob).connections == (1 if t.pk == kept.pk else 0)
    assert seat_of(made[1][0], made[1][1]).last_seen == beat  # her last beat, not older
    closed = [(t.pk, 0) for t, _, _ in made] + [(t.pk, 1) for t, _, _ in made[1:]]
    checks = away_checks_queued(queued, queued_before, closed, before, after, settings)
    assert tasks.away_check.run(made[1][0].pk, 0, checks[made[1][0].pk, 0][1])  # a bot plays
    assert seat_of(made[1][0], made[1][1]).away


def away_checks_queued(
    queued: Any, since: int, closed: list[tuple[int, int]], before: Any, after: Any, settings: Any
) -> dict[tuple[int, int], tuple[str, str, float]]:
    """The away checks queued after the first `since` tasks, by (table id, seat index): one
    for each seat `closed`, stamped with its last_seen and due when its grace period ends
    (counted from between `before` and `after`)."""
    checks = {
        args[:2]: (name, args[2], delay)
        for (name, args), delay in zip(queued[since:], queued.delays[since:], strict=True)
    }
    assert sorted(checks) == sorted(closed)
    grace = settings.WHIST_AWAY_GRACE
    for (table_id, index), (name, stamp, delay) in checks.items():
        last_seen = Seat.objects.get(table_id=table_id, index=index).last_seen
        assert name == "away_check" and stamp == last_seen.isoformat()
        assert max(grace - (after - last_seen).total_seconds(), 0.0) <= delay
        assert delay <= max(grace - (before - last_seen).total_seconds(), 0.0)
    return checks


def connected_tables(make_user: Any, tables: int, process: str) -> list[tuple[Any, Any, Any]]:
    """`tables` German Whist tables, (table, ann<n>, bob<n>) each, both seats' sockets open on
    server `process` (channels `<process>.ann<n>`, `<process>.bob<n>`)."""
    made = []
    for n in range(tables):
        ann, bob = make_user(f"ann{n}"), make_user(f"bob{n}")
        t = german_table(ann, bob)
        services.seat_connect(t.pk, ann, f"{process}.ann{n}")
        services.seat_connect(t.pk, bob, f"{process}.bob{n}")
        made.append((t, ann, bob))
    return made
