"""Fixtures of the rankings tests: users (from the card-room tests) and a bookkeeping runner."""

from __future__ import annotations

from typing import Any

import pytest

from rankings.models import SeatResult
from rankings.services import game_score_create
from tests.games.conftest import _live_play_settings, make_user  # noqa: F401


@pytest.fixture
def score() -> Any:
    """Run the bookkeeping of a table and return its result rows by seat."""

    def run(table: Any) -> dict[int, Any]:
        game_score_create(table.pk)
        return {r.seat: r for r in SeatResult.objects.filter(table=table)}

    return run
