"""Rated play explained in players' words: quick play says it is casual, the
create form says bots count and why first games move a rating a lot, a provisional rating
says so instead of a rank, the leaderboard explains its number in one plain sentence; a
locked card design names the achievement that unlocks it."""

from __future__ import annotations

import pytest
from django.test import Client

from rankings.models import Rating
from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_quick_play_says_it_is_casual(make_user):
    page = logged_in(make_user("ann")).get("/lobby/").content.decode()
    assert 'data-testid="quick-play-casual"' in page and "Quick play is casual" in page


def test_the_create_form_says_bots_count_and_why_first_games_move_a_rating(make_user):
    page = logged_in(make_user("ann")).get("/tables/new/").content.decode()
    assert "Bots count" in page and "first rated games move it a lot" in page


def test_a_provisional_rating_says_so_instead_of_a_rank(make_user, score):
    ann = make_user("ann")
    score(store(winning("german", 2, 0), [ann, "club"]))
    page = Client().get("/accounts/players/ann/").content.decode()
    assert "Provisional: ranked after 9 more rated games" in page and "Rank 1" not in page


def test_a_rating_of_ten_games_shows_its_rank(make_user, score):
    ann = make_user("ann")
    score(store(winning("german", 2, 0), [ann, "club"]))
    Rating.objects.filter(user=ann).update(games=10)
    page = Client().get("/accounts/players/ann/").content.decode()
    assert "Rank 1" in page and "Provisional:" not in page


def test_the_leaderboard_explains_the_rating_in_plain_words(make_user, score):
    score(store(winning("german", 2, 0), [make_user("ann"), "club"]))
    page = Client().get("/leaderboards/german/").content.decode()
    assert "everyone starts at 1000" in page
    assert "OpenSkill" not in page and "σ" not in page


@pytest.mark.parametrize("language", ["de", "nl"])
def test_the_rating_texts_are_translated(make_user, score, language):
    ann = make_user("ann")
    score(store(winning("german", 2, 0), [ann, "club"]))
    client = logged_in(ann)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    texts = [
        client.get("/lobby/").content.decode(), client.get("/tables/new/").content.decode(),
        client.get("/accounts/players/ann/").content.decode(),
        client.get("/leaderboards/german/").content.decode(),
    ]  # fmt: skip
    for english in ("Quick play is casual", "Bots count", "Provisional: ranked after",
                    "everyone starts at 1000"):  # fmt: skip
        assert not any(english in page for page in texts), english


def test_a_locked_card_design_names_its_achievement(make_user):
    page = logged_in(make_user("ann")).get("/accounts/players/ann/").content.decode()
    assert "achievement “Giant killer”: Win against an Expert bot." in page
    assert "level 5" in page
