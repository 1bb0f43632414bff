"""Fixtures of the records tests: the card-room fixtures (instant bots, users), and games
played to their end through the services."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Table
from tests.games.conftest import _live_play_settings, make_user  # noqa: F401
from tests.games.helpers import play_to_end


@pytest.fixture
def finished_german(make_user: Any) -> tuple[Table, Any]:  # noqa: F811
    """A German Whist game of ann (seat 0) against a Beginner bot, played to its end (in
    this process: ask for it before a fixture that sends tasks to a worker)."""
    ann = make_user("ann")
    table = services.table_play_now(ann, "german", 2, "beginner")
    return play_to_end(table.pk, {0: ann}), ann
