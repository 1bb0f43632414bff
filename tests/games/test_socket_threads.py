"""The hop from a socket's event loop to a database thread (games/sockets/threads.py): a
module's function is made a coroutine function once, not at every frame."""

from __future__ import annotations

import asyncio
import threading
import time

from games import services
from games.sockets import threads
from games.sockets.threads import db_call


def echo(value: int) -> tuple[int, str]:
    time.sleep(0.05)
    return value, threading.current_thread().name


def test_a_modules_function_is_made_a_coroutine_function_once():
    assert db_call(services.move_play) is db_call(services.move_play)
    assert db_call(echo) is db_call(echo)


def test_a_function_made_in_a_call_or_a_bound_method_is_not_kept():
    kept = dict(threads._made)

    def local() -> None:
        return None

    assert db_call(local) is not db_call(local)
    assert db_call("".upper) is not db_call("".upper)
    assert threads._made == kept


async def test_the_one_coroutine_function_serves_calls_at_the_same_moment():
    answers = await asyncio.gather(*(db_call(echo)(n) for n in range(4)))
    assert [value for value, _ in answers] == [0, 1, 2, 3]
    assert all(name != threading.current_thread().name for _, name in answers)
