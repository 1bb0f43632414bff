"""Faults on the real stack: Redis and PostgreSQL restarted mid-game, Daphne stopped with
SIGTERM. The tests have PostgreSQL and Redis of their own (tests/faults/stack.py), so that they
can stop them, emptied between tests; two humans play through sockets while a Celery worker
(with beat) plays a bot."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import AsyncIterator, Iterator

import pytest

from tests.faults.clients import SeatClient, move_numbers, play_until
from tests.faults.stack import Stack, seat_players
from tests.servers import PATIENCE

# One at a time under pytest-xdist (make test): each starts a whole stack of its own and
# times its recovery, on a machine whose other worker is busy with the rest of the suite.
pytestmark = [pytest.mark.faults, pytest.mark.xdist_group("faults")]


@pytest.fixture(scope="module")
def shared_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """PostgreSQL, Redis and the Django shell of the module's tests: started once, not once a
    test (3.5 of a test's 8-10 CPU-s: the cluster's copy, start and stop, the shell's imports)."""
    built = Stack(lambda name: tmp_path_factory.mktemp("logs") / f"{name}.log")
    try:
        yield built
    finally:
        built.close()


@pytest.fixture
def stack(shared_stack: Stack, server_log) -> Iterator[Stack]:
    """The module's stack, left by each test as a new one starts (Stack.end): each test's
    Daphne and worker are its own, and its processes log to its own files."""
    shared_stack.begin(server_log)
    try:
        yield shared_stack
    finally:
        shared_stack.end()


@pytest.fixture
async def table(stack: Stack) -> AsyncIterator[tuple[int, list[SeatClient]]]:
    """A Knockout table (two humans on sockets, a Club bot through the worker), in play."""
    port = stack.daphne()
    stack.worker()
    made = seat_players(stack, "knockout", ["ann", "bob"], ["club"])
    clients = [SeatClient(port, made["table"], c, i) for i, c in enumerate(made["cookies"])]
    tasks = [asyncio.create_task(c.run()) for c in clients]
    await asyncio.wait_for(asyncio.gather(*(c.open.wait() for c in clients)), 30)
    yield made["table"], clients
    for client in clients:
        client.reconnect = False
    for task in tasks:
        task.cancel()


def moves_after(stack: Stack, table_id: int, count: int):
    return lambda: len(move_numbers(stack.postgres.url, table_id)) >= count


def contiguous(numbers: list[int]) -> bool:
    return numbers == list(range(len(numbers)))


async def test_redis_restarted_mid_game_sockets_reconnect_and_bots_resume(stack, table):
    table_id, clients = table
    await play_until(clients, moves_after(stack, table_id, 4), 60)
    stack.redis.stop()
    await asyncio.sleep(1.0)
    stack.redis.start()
    before = len(move_numbers(stack.postgres.url, table_id))

    # Bot turns resume (the watchdog re-queues a task lost with Redis) and humans play on,
    # within 30 s: a state published while the server's layer was away is sent again when
    # it is back (whistsite/patches/channel_layer.py). Before that, the players waited for the
    # turn's time limit (60 s) to move the game on.
    await play_until(clients, moves_after(stack, table_id, before + 6), 30)
    numbers = move_numbers(stack.postgres.url, table_id)
    assert contiguous(numbers)
    bots = await asyncio.to_thread(
        stack.python,
        f"from games.models import Move\nprint(Move.objects.filter(table_id={table_id}, "
        f"number__gte={before}, by='bot').count())",
    )
    assert bots >= 1


async def test_a_move_committed_while_redis_is_down_is_not_answered_server_error(stack, table):
    """The bot's turn cannot be queued with Redis away; the move is committed all the same,
    and its sender is not told the server failed (the watchdog queues the turn later)."""
    table_id, clients = table
    await play_until(clients, lambda: any(c.ready() for c in clients), 60)
    player = next(c for c in clients if c.ready())
    before, seen = len(move_numbers(stack.postgres.url, table_id)), len(player.errors)
    stack.redis.stop()
    try:
        assert await player.act()
        await player.ws.send(json.dumps({"type": "ping"}))  # answered after the act is done
        started = time.monotonic()
        while not player.pongs:
            assert time.monotonic() - started < PATIENCE, player.describe()
            await asyncio.sleep(0.1)
        assert len(move_numbers(stack.postgres.url, table_id)) == before + 1
        assert [e["code"] for e in player.errors[seen:]] == []
    finally:
        stack.redis.start()


async def test_postgres_restarted_mid_game_a_move_meanwhile_gets_a_clear_error(stack, table):
    table_id, clients = table
    await play_until(clients, moves_after(stack, table_id, 3), 60)
    # A player who can act now: one whose last move (sent by play_until) is still on its way
    # shows its turn, but `act` sends nothing until the next version (seen under load).
    mover = next((c for c in clients if c.ready()), None)
    while mover is None:
        await asyncio.sleep(0.1)
        mover = next((c for c in clients if c.ready()), None)
    stack.postgres.stop()
    errors = len(mover.errors)
    assert await mover.act()
    for _ in range(100):
        if len(mover.errors) > errors:
            break
        await asyncio.sleep(0.1)
    assert len(mover.errors) > errors, "no error for a move while the database is down"
    assert mover.open.is_set(), "the socket closed instead of answering"
    assert mover.errors[-1]["code"] == "unavailable" and "database" in mover.errors[-1]["message"]

    stack.postgres.start()
    # The same turn again, and again while the answer is "unavailable": a connection of the
    # server's opened before the restart fails its next query once, answered so
    # (whistsite/patches/postgres). Tried once only, the game waited for the turn's time
    # limit (60 s) to go on. So do both players: each of the server's pool threads has such
    # a connection, and the other player's next turn met one too.
    for client in clients:
        client.retry_unavailable = True
    mover.acted = -1
    before = len(move_numbers(stack.postgres.url, table_id))
    await play_until(clients, moves_after(stack, table_id, before + 4), 90)
    assert contiguous(move_numbers(stack.postgres.url, table_id))


async def test_daphne_stopped_with_sigterm_closes_sockets_and_marks_players_gone(stack, table):
    table_id, clients = table
    await play_until(clients, moves_after(stack, table_id, 2), 60)
    for client in clients:
        client.reconnect = False

    # On its own, not killed; by 10 s at the latest by its deadline (tests/site/test_quick_exit.py),
    # not timed here: a loaded machine's exit is slow.
    took = await asyncio.to_thread(stack.stop, "daphne", signal.SIGTERM, PATIENCE)
    assert took != float("inf"), f"daphne was still there {PATIENCE} s after SIGTERM"
    await asyncio.sleep(0.5)
    assert all(c.closes and c.closes[0] == 4012 for c in clients), [c.closes for c in clients]
    sockets = await asyncio.to_thread(
        stack.python,
        f"from games.models import Presence\n"
        f"print(Presence.objects.filter(seat__table_id={table_id}).count())",
    )
    assert sockets == 0


async def test_a_frame_over_the_servers_limit_is_closed_with_1009(stack, table):
    """Frames up to 4096 characters get an answer (docs/protocol.md); Daphne itself closes a
    socket whose message passes --websocket-max-message-size (65536) with 1009."""
    _table_id, clients = table
    for client in clients:
        client.reconnect = False
    big, small = clients
    await big.ws.send('{"type": "chat", "text": "' + "x" * 70_000 + '"}')
    await small.ws.send('{"type": "chat", "text": "' + "x" * 5_000 + '"}')
    for _ in range(50):
        if big.closes and small.errors:
            break
        await asyncio.sleep(0.1)
    assert big.closes == [1009]
    assert small.errors[-1]["code"] == "too_large" and small.open.is_set()
