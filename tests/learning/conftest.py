"""Puzzles for the puzzle tests: cut by the puzzle job from real games the bots played, and
the data a puzzle page hands its script."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from fairplay.cheats import play
from learning.models import Puzzle
from learning.puzzles import job
from tests.rankings.helpers import store


def cut(game: str, players: int, seeds: range) -> None:
    for seed in seeds:
        store(play(game, players, ["club"] * players, seed), ["club"] * players, rated=False)
    job.sweep()


@pytest.fixture
def knockout(db: Any) -> Puzzle:
    cut("knockout", 4, range(1, 4))
    assert Puzzle.objects.count() >= 2
    return Puzzle.objects.filter(game="knockout").order_by("pk").first()


@pytest.fixture
def german(db: Any) -> Puzzle:
    cut("german", 2, range(1, 7))
    return Puzzle.objects.filter(kind="seat").order_by("pk").first()


def puzzle_data(page: Any) -> dict:
    """The JSON a puzzle page gives its script."""
    found = re.search(r'<script id="puzzle-data" type="application/json">(.*?)</script>',
                      page.content.decode(), re.S)  # fmt: skip
    return json.loads(found.group(1))
