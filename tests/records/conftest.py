"""Fixtures of the records tests: the card-room fixtures (instant bots, users), and games
played to their end through the services."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Table
from tests.games.conftest import _live_play_settings, make_user  # noqa: F401
from tests.games.helpers import play_first_legal, state


def play_to_end(table_id: int, humans: dict[int, Any]) -> Table:
    """The humans at their seats play their first legal action until the game is over (the
    bots answer at once: tasks run in the test's process)."""
    for _ in range(2000):
        table = Table.objects.get(pk=table_id)
        if table.status == Table.Status.FINISHED:
            return table
        seat = state(table_id).to_act
        play_first_legal(table_id, humans[seat], seat)
    raise AssertionError("the game did not end")


@pytest.fixture
def finished_german(make_user: Any) -> tuple[Table, Any]:  # noqa: F811
    """A German Whist game of ann (seat 0) against a Beginner bot, played to its end (in
    this process: ask for it before a fixture that sends tasks to a worker)."""
    ann = make_user("ann")
    table = services.table_play_now(ann, "german", 2, "beginner")
    return play_to_end(table.pk, {0: ann}), ann
