"""The history and game pages keep a constant number of queries with 10,000 stored games."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import services
from games.engine import make_rules
from games.engine.simulate import random_game
from records.models import GamePlayer
from tests.records.factories import score_many, store_many

pytestmark = pytest.mark.django_db

RECORD = random_game(make_rules("german"), seed=3)
# Logged in: the session, the user, their ban check (accounts), the header's unread
# notifications (social.context_processors); then the player, the count of their games, one
# page of rows, and the player's rating changes in the page's games (rankings' SeatResult
# rows: records.selectors.rating_changes).
HISTORY_QUERIES_LOGGED_IN = 8
HISTORY_QUERIES = 4
RESULT = "won" if 0 in RECORD["result"]["winners"] else "lost"
# The stored game, its analysis (none yet), every seat's rating change (rankings' SeatResult
# rows: records.selectors.seat_changes).
GAME_QUERIES = 3


@pytest.fixture
def ann(make_user: Any) -> Any:
    return make_user("ann")


@pytest.mark.parametrize("count", [10, 10_000])
def test_history_page_queries_are_constant(ann, count, django_assert_num_queries):
    score_many(ann, store_many(ann, count, RECORD))
    assert GamePlayer.objects.filter(user=ann).count() == count
    client = Client()
    with django_assert_num_queries(HISTORY_QUERIES):
        page = client.get(f"/players/ann/games/?game=german&result={RESULT}&rated=rated&page=2")
    assert page.status_code == 200
    with django_assert_num_queries(HISTORY_QUERIES):
        assert client.get("/players/ann/games/?page=last").status_code == 200
    client.force_login(ann)
    with django_assert_num_queries(HISTORY_QUERIES_LOGGED_IN):
        page = client.get("/players/ann/games/")
    assert page.content.decode().count('class="history-row') == min(count, 20)
    assert page.content.decode().count('data-testid="rating-change"') == min(count, 20) // 2


@pytest.mark.parametrize("count", [10, 10_000])
def test_game_page_queries_are_constant(ann, count, django_assert_num_queries):
    ids = store_many(ann, count, RECORD)
    score_many(ann, ids)
    client = Client()
    with django_assert_num_queries(GAME_QUERIES):
        page = client.get(f"/games/{ids[count // 2]}/")
    assert page.status_code == 200 and 'data-testid="score-sheet"' in page.content.decode()


def test_my_games_queries_are_constant(ann, django_assert_num_queries):
    store_many(ann, 10_000, RECORD)
    services.table_play_now(ann, "knockout", 4, "beginner")
    client = Client()
    client.force_login(ann)
    # session, user, ban check, unread notifications, running tables, their seats, the seats'
    # users, count, a page, the page's rating changes (records.selectors.rating_changes)
    with django_assert_num_queries(10):
        assert client.get("/my/games/").status_code == 200
