"""A human's move as one compare-and-set statement (games/services/move_cas.py): checked in
the process against the table and seats it holds for the table's version, written only if
nothing that matters changed meanwhile, else made by the locked path, which decides as before.

The races are made, not hoped for: the test holds the table's row lock while a change is
made and a move's statement waits for it (pg_locks), so the change commits between the
process's check and the statement's write. A statement that waits for a row lock reads
other rows as of before its wait: the seats are read after the lock, with a snapshot of
their own (whist_seats_digest)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction
from prometheus_client import REGISTRY

from accounts.models import Ban
from games import broadcast, gamestate, held, services
from games.models import Move, Table
from games.reads import queries
from games.services import move_sql
from games.services.errors import ServiceError
from games.services.moves import lock_table

from .test_move_queries import first_legal, started

pytestmark = pytest.mark.django_db(transaction=True)


def _hold(table_id: int) -> None:
    """This process holds the table's current version (as after a state's build)."""
    found = queries.table_with_seats(table_id)
    assert found is not None
    held.hold(*found)


def _waiters() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0]


def _in_thread(call: Callable[[], Any], out: list[Any]) -> threading.Thread:
    def run() -> None:
        try:
            out.append(call())
        except Exception as exc:
            out.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _while_moves_wait(table_id: int, moves: list[Callable[[], Any]], change: Callable) -> list:
    """Run `moves` in threads while this thread holds the table's lock; once each waits for
    it, make `change` and commit. What each move returned or raised."""
    out: list[Any] = []
    with transaction.atomic():
        lock_table(table_id)
        threads = [_in_thread(move, out) for move in moves]
        while _waiters() < len(moves) and any(t.is_alive() for t in threads):
            threads[0].join(0.02)
        change()
    for thread in threads:
        thread.join()
    return out


def _move(table_id: int, user: Any, event: dict[str, Any], version: int) -> Callable[[], Any]:
    return lambda: services.move_play(table_id, event, version, user=user)


def _moves_counted() -> float:
    return REGISTRY.get_sample_value("whist_moves_applied_total", {"kind": "human"}) or 0.0


def _statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Which writer each move used: 'cas' (its statement ran) or 'locked'."""
    used: list[str] = []
    cas, update = move_sql.compare_and_set, move_sql.update

    def traced_cas(*args: Any, **kwargs: Any) -> bool:
        used.append("cas")
        return cas(*args, **kwargs)

    def traced_update(*args: Any, **kwargs: Any) -> None:
        used.append("locked")
        update(*args, **kwargs)

    monkeypatch.setattr(move_sql, "compare_and_set", traced_cas)
    monkeypatch.setattr(move_sql, "update", traced_update)
    return used


def test_a_held_move_is_one_statement_and_leaves_what_the_locked_path_leaves(
    make_user, django_assert_num_queries
):
    table, users = started(make_user, "whist", 4)
    _hold(table.pk)
    current, state, event = first_legal(table.pk)
    with django_assert_num_queries(1):
        services.move_play(table.pk, event, current.version, user=users[state.to_act])
    after = Table.objects.get(pk=table.pk)
    assert (after.version, after.game_version, after.moves) == (
        current.version + 1, current.version + 1, current.moves + 1,
    )  # fmt: skip
    assert Move.objects.filter(table=table, number=current.moves).count() == 1
    assert held.take(table.pk)[0].version == after.version  # the next move's check


def test_a_move_made_with_a_socket_opening_meanwhile_shows_it(make_user, monkeypatch):
    """A socket opens (the seat's `connected`, published later, without a new version)
    while the move's statement waits: the move is made by the locked path, whose views
    show the socket, as the deferred publish that the new version cancels expects."""
    table, users = started(make_user, "whist", 4)
    _hold(table.pk)
    used = _statements(monkeypatch)
    current, state, event = first_legal(table.pk)
    other = users[(state.to_act + 1) % 4]
    move = _move(table.pk, users[state.to_act], event, current.version)
    (result,) = _while_moves_wait(
        table.pk, [move], lambda: services.seat_open(table.pk, other, "socket-x")
    )
    assert not isinstance(result, Exception), result
    assert used == ["cas", "locked"]
    seats = held.take(table.pk)[1]
    assert [s.connections > 0 for s in seats] == [s.user_id == other.pk for s in seats]


def test_a_ban_in_force_meanwhile_refuses_the_move(make_user):
    """The mover is banned while the move's statement waits (a ban of a player whose seat
    is already away bumps no version): the move is refused, nothing written."""
    table, users = started(make_user, "whist", 4)
    _hold(table.pk)
    current, state, event = first_legal(table.pk)
    mover = users[state.to_act]
    move = _move(table.pk, mover, event, current.version)
    (result,) = _while_moves_wait(
        table.pk, [move], lambda: Ban.objects.create(user=mover, reason="test")
    )
    assert isinstance(result, ServiceError) and result.code == "banned", result
    assert Table.objects.get(pk=table.pk).version == current.version
    assert not Move.objects.filter(table=table).exists()


def test_a_statement_that_finds_the_table_changed_tells_nothing_of_its_move(make_user, monkeypatch):
    """The mover is banned while the statement waits (its digest then differs): the move is
    not written, and nothing it would have told after its commit ran (in autocommit each
    runs as it is asked for): no state after it cached, no broadcast, no move counted."""
    table, users = started(make_user, "whist", 4)
    _hold(table.pk)
    current, state, event = first_legal(table.pk)
    mover = users[state.to_act]
    told: list[Any] = []
    monkeypatch.setattr(broadcast, "send_table_state", lambda *a, **k: told.append(a))
    counted = _moves_counted()
    move = _move(table.pk, mover, event, current.version)
    (result,) = _while_moves_wait(
        table.pk, [move], lambda: Ban.objects.create(user=mover, reason="test")
    )
    assert isinstance(result, ServiceError) and result.code == "banned", result
    assert gamestate._get(table.pk, current.seed)[0] == current.moves
    assert told == []
    assert _moves_counted() == counted


def test_a_seat_given_to_a_bot_meanwhile_refuses_the_move(make_user):
    """The mover's seat is handed to the stand-in bot (away, a new version) before the
    statement runs, without a wait: the move is not made by the held check."""
    table, users = started(make_user, "whist", 4)
    _hold(table.pk)
    current, state, event = first_legal(table.pk)
    mover = users[state.to_act]
    Ban.objects.create(user=mover, reason="test")
    services.seats_to_bots(mover)
    with pytest.raises(ServiceError) as refused:
        services.move_play(table.pk, event, current.version, user=mover)
    assert refused.value.code == "banned"
    assert not Move.objects.filter(table=table, by=Move.By.HUMAN).exists()


def test_two_moves_racing_exactly_one_is_made(make_user, monkeypatch):
    """The same move sent twice at once (two sockets of the player), both checked against
    the held version: exactly one is written, the other refused, in every race."""
    table, users = started(make_user, "german", 2)
    used = _statements(monkeypatch)
    for _race in range(6):
        used.clear()
        _hold(table.pk)
        current, state, event = first_legal(table.pk)
        move = _move(table.pk, users[state.to_act], event, current.version)
        results = _while_moves_wait(table.pk, [move, move], lambda: None)
        made = [r for r in results if not isinstance(r, Exception)]
        assert len(made) == 1, results
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert [r.code for r in refused] in (["stale"], ["not_your_turn"]), results
        after = Table.objects.get(pk=table.pk)
        assert (after.version, after.moves) == (current.version + 1, current.moves + 1)
        # both statements waited; the second found the new version and wrote nothing, and
        # the locked path refused its move
        assert used == ["cas", "cas"], used


def test_a_move_another_process_made_is_held_here_from_its_broadcast(
    make_user, monkeypatch, django_assert_num_queries
):
    """A process that holds version v and hears of another process's move (its broadcast's
    `move`, games/held.py `advance`) holds v + 1 as the database has it: the player's next
    move here is one statement."""
    table, users = started(make_user, "whist", 4)
    _hold(table.pk)
    before = held.take(table.pk)
    sent: list[dict[str, Any]] = []
    changed = broadcast.table_changed
    monkeypatch.setattr(broadcast, "table_changed", lambda *a, **k: sent.append(k["move"])
                        or changed(*a, **k))  # fmt: skip
    current, state, event = first_legal(table.pk)
    services.move_play(table.pk, event, current.version, user=users[state.to_act])
    held.clear()  # as another process: it held v, and hears of the move
    held.hold(*before)
    held.advance(table.pk, json.loads(json.dumps(sent[-1])))
    after, kept = Table.objects.get(pk=table.pk), held.take(table.pk)[0]
    for name in (*held.CHECKED, "game_version"):
        assert getattr(kept, name) == getattr(after, name), name
    current, state, event = first_legal(table.pk)
    with django_assert_num_queries(1):
        services.move_play(table.pk, event, current.version, user=users[state.to_act])


def test_a_held_move_asks_the_engine_for_its_state_once(make_user, monkeypatch):
    """The check in the process applies the move; `commit` reuses that state (it asked the
    engine again before)."""
    from games.services import move_cas, moves

    made, users = started(make_user, "whist", 4)
    current, state, event = first_legal(made.pk)
    _hold(made.pk)
    asked: list[int] = []
    for module in (move_cas, moves):
        engine = module.apply_by_player
        monkeypatch.setattr(
            module, "apply_by_player", lambda s, a, engine=engine: asked.append(1) or engine(s, a)
        )
    used = _statements(monkeypatch)
    services.move_play(current.pk, event, current.version, user=users[state.to_act])
    assert used == ["cas"]
    assert len(asked) == 1
    assert Table.objects.get(pk=made.pk).moves == current.moves + 1


def test_a_move_asks_for_one_callback_after_its_commit(
    make_user, monkeypatch, django_capture_on_commit_callbacks
):
    """What a move tells after its commit (the move counted, its state cached, the broadcast,
    the next move's held rows) is asked for as one `on_commit` callback, by the locked path
    and by the statement (four before), and runs once the move is written. No time limit:
    no turn's notice to a player without a socket (a callback of its own, robust)."""
    made, users = started(make_user, "whist", 4)
    Table.objects.filter(pk=made.pk).update(time_limit=0)
    current, state, event = first_legal(made.pk)
    with transaction.atomic(), django_capture_on_commit_callbacks() as callbacks:
        services.move_play(current.pk, event, current.version, user=users[state.to_act])
    assert len(callbacks) == 1
    assert held.take(made.pk)[0].version == current.version + 1  # it ran at the commit
    asked: list[Any] = []
    real = transaction.on_commit
    monkeypatch.setattr(transaction, "on_commit", lambda f, *a, **k: asked.append(f) or real(f))
    current, state, event = first_legal(made.pk)
    counted = _moves_counted()
    used = _statements(monkeypatch)
    services.move_play(current.pk, event, current.version, user=users[state.to_act])
    assert used == ["cas"]
    assert len(asked) == 1
    assert held.take(made.pk)[0].version == current.version + 1
    assert gamestate._get(made.pk, current.seed)[0] == current.moves + 1
    assert _moves_counted() == counted + 1
