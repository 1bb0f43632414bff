"""The history and game pages keep a constant number of queries with 10,000 stored games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from games import services
from games.engine import make_rules
from games.engine.simulate import random_game
from records.models import GamePlayer
from tests.records.factories import score_many, store_many

RECORD = random_game(make_rules("german"), seed=3)
# Logged in: the session, the user, their ban check (accounts), the header's unread
# notifications (social.context_processors); then the player, the count of their games, one
# page of rows, and the player's rating changes in the page's games (rankings' SeatResult
# rows: records.selectors.rating_changes).
HISTORY_QUERIES_LOGGED_IN = 8
HISTORY_QUERIES = 4
RESULT = "won" if 0 in RECORD["result"]["winners"] else "lost"
# The stored game, its analysis (none yet), every seat's rating change (rankings' SeatResult
# rows: records.selectors.seat_changes), the practice games played from it (at most 20:
# records.practice.practice_games).
GAME_QUERIES = 4


# One worker builds the 10,000 games once for the module's tests (about 25 s each time).
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("records-10000")]


@pytest.fixture(scope="module")
def ten_thousand(django_db_setup: None, django_db_blocker: Any) -> Iterator[tuple[Any, list[int]]]:
    """Zoe's 10,000 stored games, the rated ones scored: made once for the module (each test
    runs in a transaction of its own above them), emptied after its last test."""
    with django_db_blocker.unblock():
        zoe = get_user_model().objects.create_user("zoe", password="x-Long-pass-1")
        ids = store_many(zoe, 10_000, RECORD)
        score_many(zoe, ids)
    yield zoe, ids
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0, reset_sequences=False)


@pytest.fixture(params=[10, 10_000], ids=["10", "10000"])
def stored(
    request: pytest.FixtureRequest, ten_thousand: tuple[Any, list[int]], make_user: Any
) -> tuple[Any, list[int]]:
    """A player and their stored, scored games: ann's 10, or Zoe's 10,000 (asked for here in
    either case, so that they are made before the test's transaction opens)."""
    if request.param == 10_000:
        return ten_thousand
    ann = make_user("ann")
    ids = store_many(ann, 10, RECORD)
    score_many(ann, ids)
    return ann, ids


def test_history_page_queries_are_constant(stored, django_assert_num_queries):
    player, ids = stored
    count, name = len(ids), player.username
    assert GamePlayer.objects.filter(user=player).count() == count
    client = Client()
    with django_assert_num_queries(HISTORY_QUERIES):
        page = client.get(f"/players/{name}/games/?game=german&result={RESULT}&rated=rated&page=2")
    assert page.status_code == 200
    with django_assert_num_queries(HISTORY_QUERIES):
        assert client.get(f"/players/{name}/games/?page=last").status_code == 200
    client.force_login(player)
    with django_assert_num_queries(HISTORY_QUERIES_LOGGED_IN):
        page = client.get(f"/players/{name}/games/")
    assert page.content.decode().count('class="history-row') == min(count, 20)
    assert page.content.decode().count('data-testid="rating-change"') == min(count, 20) // 2


def test_game_page_queries_are_constant(stored, django_assert_num_queries):
    _player, ids = stored
    client = Client()
    with django_assert_num_queries(GAME_QUERIES):
        page = client.get(f"/games/{ids[len(ids) // 2]}/")
    assert page.status_code == 200 and 'data-testid="score-sheet"' in page.content.decode()


def test_my_games_queries_are_constant(ten_thousand, django_assert_num_queries):
    zoe, _ids = ten_thousand
    services.table_play_now(zoe, "knockout", 4, "beginner")
    client = Client()
    client.force_login(zoe)
    # session, user, ban check, unread notifications, running tables, their seats, the seats'
    # users, count, a page, the page's rating changes (records.selectors.rating_changes)
    with django_assert_num_queries(10):
        assert client.get("/my/games/").status_code == 200
