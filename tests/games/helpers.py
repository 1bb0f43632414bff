"""Helpers of the card-room tests: drive a table to a given point through the services; wait
for a socket's frame."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from channels.testing import WebsocketCommunicator
from django.db import transaction

from games import services
from games.engine import State
from games.engine.cards import SUIT_MASK
from games.engine.views import seat_view
from games.gamestate import state_for
from games.models import Table
from games.reads import queries
from games.services.moves import lock_table
from games.services.tables import deal
from tests.servers import PATIENCE

CARD = re.compile(r"^[AKQJT2-9][SHDC]$")

# Seconds a closing socket's consumer is given to finish its disconnect (the seat's uncount,
# the pool entry's removal, the socket counts), as Daphne gives a closing application 10 s
# (application_close_timeout). The communicator's own default is 1 s, past which asgiref's
# wait cancels the application and swallows the timeout: on a loaded machine the disconnect's
# database work was cut off and what a test asserted after it failed (91488fa).
CLOSE_WAIT = 10.0


class Communicator(WebsocketCommunicator):
    """channels' WebsocketCommunicator, whose disconnect waits for the consumer as Daphne
    would (CLOSE_WAIT): every test's socket is one."""

    async def disconnect(self, code: int = 1000, timeout: float = CLOSE_WAIT) -> None:
        await super().disconnect(code, timeout)


def table(table_id: int) -> Table:
    found = queries.table_get(table_id)
    assert found is not None
    return found


def state(table_id: int) -> State:
    """The table's state: from its row alone (`state_for` reads no seat; `table`'s read with
    the seats and their users was three quarters of a bot-filled event test's helper time)."""
    found = state_for(Table.objects.get(pk=table_id))
    assert found is not None
    return found


def german_table(ann: Any, bob: Any) -> Table:
    """A German Whist table of two humans, dealt."""
    started = services.table_create(ann, "german")
    services.seat_take(bob, started.pk, 1)
    return services.table_start(ann, started.pk)


def deal_where(table_id: int, wanted: Callable[[State], bool]) -> State:
    """Deal the started table again, before its first move, from the first seed (1, 2, ...)
    whose state `wanted` accepts (services.tables.deal, as an arranged table is dealt): a test
    that needs a deal of some kind plays the same one every run."""
    for seed in range(1, 500):
        with transaction.atomic():
            found, seats = lock_table(table_id)
            assert found.moves == 0, "deal_where deals a table before its first move"
            deal(found, seats, seed=seed)
        dealt = state(table_id)
        if wanted(dealt):
            return dealt
    raise AssertionError("no such deal in 500 seeds")


def no_single_suit(hand: int) -> bool:
    """Whether a hand holds no suit of one card: whatever is led, its answer has a choice (a
    seat's only legal card is never taken back, games/engine/takeback.py)."""
    return all((hand & mask).bit_count() != 1 for mask in SUIT_MASK)


def play_first_legal(
    table_id: int, user: Any, seat: int, current: Table | None = None
) -> dict[str, Any]:
    """The human at `seat` plays its first legal action at the current version (`current`:
    the table's row, if the caller has just read it)."""
    current = current or Table.objects.get(pk=table_id)
    view = seat_view(state_for(current), seat)
    event = {k: v for k, v in view["legal"][0].items() if k != "seat"}
    if event["action"] == "exchange":
        event = {"action": "exchange", "discard": []}
    services.move_play(table_id, event, current.version, user=user)
    return event


def play_to_end(table_id: int, humans: dict[int, Any], moves: int = 3000) -> Table:
    """The humans at their seats play their first legal action until the game is over (the
    bots answer at once: tasks run in the test's process). One read of the table a move,
    for its status, state and version."""
    for _ in range(moves):
        current = Table.objects.get(pk=table_id)
        if current.status == Table.Status.FINISHED:
            return current
        found = state_for(current)
        assert found is not None
        play_first_legal(table_id, humans[found.to_act], found.to_act, current)
    raise AssertionError("the game did not end")


def play_turns(table_id: int, players: dict[int, Any], count: int) -> None:
    """`count` turns, each the first legal action of the human seat to act (`players`:
    user by seat index)."""
    for _ in range(count):
        seat = state(table_id).to_act
        play_first_legal(table_id, players[seat], seat)


def cards_in(value: Any) -> set[str]:
    """Every card string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


async def until(
    socket: WebsocketCommunicator, kind: str, check: Callable[[dict[str, Any]], bool] | None = None
) -> dict[str, Any]:
    """The socket's next frame of type `kind` (that `check` accepts, if given), others skipped.
    It waits PATIENCE in all, a bound for never (docs/development.md, "No speed in tests"),
    then fails naming what it waited for and the frames that came instead."""
    loop = asyncio.get_running_loop()
    deadline, skipped = loop.time() + PATIENCE, []
    while True:
        try:
            message = await socket.receive_json_from(timeout=max(deadline - loop.time(), 0.01))
        except TimeoutError:
            came = ", ".join(skipped[-20:]) or "nothing"
            raise AssertionError(
                f"no {kind!r} frame within {PATIENCE:g} s; {len(skipped)} came instead: {came}"
            ) from None
        if message["type"] == kind and (check is None or check(message)):
            return message
        skipped.append(" ".join(str(message[k]) for k in ("type", "code") if k in message))


async def closed_with(socket: WebsocketCommunicator) -> int:
    """The code the server closes the socket with, frames before it skipped; it waits PATIENCE
    in all, as `until` does."""
    loop = asyncio.get_running_loop()
    deadline, skipped = loop.time() + PATIENCE, 0
    while True:
        try:
            output = await socket.receive_output(timeout=max(deadline - loop.time(), 0.01))
        except TimeoutError:
            raise AssertionError(
                f"the socket was not closed within {PATIENCE:g} s ({skipped} frames came)"
            ) from None
        if output["type"] == "websocket.close":
            return output["code"]
        skipped += 1
