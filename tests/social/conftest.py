"""Fixtures of the social tests: the card room's (instant bots, users), and the social
app's tables."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Table
from tests.games.conftest import (  # noqa: F401
    _live_play_settings,
    make_user,
)


@pytest.fixture
def open_table(make_user: Any) -> tuple[Table, Any]:  # noqa: F811
    """An open German Whist table with ann at seat 0 and seat 1 free."""
    ann = make_user("ann")
    return services.table_create(ann, "german"), ann
