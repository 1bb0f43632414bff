"""A player's page viewed by another player keeps a constant number of queries, however many
games the two played (head to head is two queries, not one per game)."""

from __future__ import annotations

import pytest
from django.test import Client

from records.models import GamePlayer, GameRecord
from social import stats
from tests.rankings.helpers import winning
from tests.records.factories import store_many

pytestmark = pytest.mark.django_db

RECORD = {"result": winning("german", 2, 0).result}
# Another player's whole page, logged in (accounts', clubs', rankings' and social's parts),
# measured: what the test checks is that it is the same for 10 and for 2,000 shared games.
QUERIES_VIEWED_BY_ANOTHER = 20


@pytest.mark.parametrize("count", [10, 2000])
def test_statistics_and_head_to_head_queries_are_constant(
    make_user, count, django_assert_num_queries
):
    ann, bob = make_user("ann"), make_user("bob")
    store_many(ann, count, RECORD)
    GamePlayer.objects.filter(seat=1).update(user=bob)  # bob in the bot's seat of each
    assert GameRecord.objects.count() == count
    # the grouped counts of the player; the viewer's places in shared games; the player's
    with django_assert_num_queries(3):
        (german,) = stats.player_stats(ann, bob, ratings=False)
    assert german.games == count and german.head_to_head.games == count
    assert german.head_to_head.ahead == german.wins
    client = Client()
    client.force_login(bob)
    client.get("/")  # the ban check is cached after the first request
    with django_assert_num_queries(QUERIES_VIEWED_BY_ANOTHER):
        assert client.get("/accounts/players/ann/").status_code == 200
