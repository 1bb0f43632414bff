"""Leaderboards and profiles keep a constant number of queries, with 10,000 stored games and
1,000 players (the counts are exact: a query in a loop would multiply them)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.rankings.bulk import build

pytestmark = pytest.mark.django_db

# Each page's queries: the session and user (2, logged in only), then the page's own.
LEADERBOARD = 2  # the page count, the page's rows with their users
PROFILE = 8  # user, games played, progress, achievements, ratings, ranks, history, recent
SOCIAL = 1  # the profile's statistics per game, one grouped count (social.stats)
CLUBS = 1  # the player's clubs with their names (clubs.selectors.clubs_of)


def test_leaderboard_and_profile_queries_are_constant_with_10000_games(
    django_assert_num_queries,
):
    users = build(players=1000, games=10_000)
    client = Client()
    for url in ("/leaderboards/knockout/", "/leaderboards/whist/?page=7",
                "/leaderboards/german/?active=1", "/leaderboards/german/?list=bots"):  # fmt: skip
        with django_assert_num_queries(LEADERBOARD):
            assert client.get(url).status_code == 200
    for user in users[:3]:
        with django_assert_num_queries(PROFILE + SOCIAL + CLUBS):
            page = client.get(f"/accounts/players/{user.username}/")
        assert b"rating-graph-knockout" in page.content
    client.force_login(users[0])
    # Own profile: the session and its user, the ban check (accounts.middleware; cached after
    # the first request), and the block list (ids and rows); the card choice needs nothing more;
    # the header's unread notifications and the notification settings (social).
    with django_assert_num_queries(5 + PROFILE + SOCIAL + CLUBS + 2):
        assert b"Your cards" in client.get(f"/accounts/players/{users[0].username}/").content
