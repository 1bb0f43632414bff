"""The pages of rankings: leaderboards, the profile's part, the card choice, the table's seats."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games import services
from games.reads import messages, queries
from rankings.models import Progress, Rating
from rankings.rating import PROVISIONAL_GAMES
from rankings.selectors import rating_changes
from tests.rankings.helpers import store, winning
from tests.staff import staff_client

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_leaderboard_lists_players_best_first_and_bots_on_their_own(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    score(store(winning("german", 2, 0), [ann, bob]))
    score(store(winning("german", 2, 0), [ann, "expert"]))
    Rating.objects.filter(user__isnull=False).update(games=PROVISIONAL_GAMES)  # established
    page = Client().get("/leaderboards/german/").content.decode()
    assert page.index("Ann") < page.index("Bob") and "Expert" not in page
    bots = Client().get("/leaderboards/german/?list=bots").content.decode()
    assert "Expert" in bots and "Ann" not in bots
    assert "provisional" in bots


def test_the_active_filter_hides_players_without_a_rated_game_in_30_days(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    score(store(winning("german", 2, 0), [ann, bob]))
    Rating.objects.filter(user__isnull=False).update(games=PROVISIONAL_GAMES)  # established
    Rating.objects.filter(user=bob).update(last_played=timezone.now() - timedelta(days=31))
    page = Client().get("/leaderboards/german/?active=1").content.decode()
    assert "Ann" in page and "Bob" not in page
    assert "Bob" in Client().get("/leaderboards/german/").content.decode()


def test_leaderboards_refuse_unknown_games_and_survive_bad_pages(make_user):
    assert Client().get("/leaderboards/poker/").status_code == 404
    assert Client().get("/leaderboards/whist/?page=abc").status_code == 200
    assert Client().get("/leaderboards/whist/?page=999").status_code == 200
    assert Client().get("/leaderboards/").status_code == 302


def test_the_profile_shows_rating_rank_graph_level_and_achievements(make_user, score):
    ann = make_user("ann")
    for _ in range(2):
        score(store(winning("german", 2, 0), [ann, "club"]))
    page = Client().get("/accounts/players/ann/").content.decode()
    rating = Rating.objects.get(user=ann, game="german")
    assert f"{rating.display}" in page and "provisional" in page
    assert "Provisional: ranked after 8 more rated games" in page and "Rank 1" not in page
    assert 'data-testid="rating-graph-german"' in page and "<polyline" in page
    assert "Level 1" in page and "50 XP" in page
    assert "Head to head" in page and "earned" in page
    assert "style=" not in page  # CSP: no inline styles
    assert "Your cards" not in page  # only on one's own profile
    assert "Your cards" in logged_in(ann).get("/accounts/players/ann/").content.decode()


@pytest.mark.parametrize("language", ["de", "nl"])
def test_the_rating_graph_keeps_svg_numbers_in_every_language(make_user, score, language):
    ann = make_user("ann")
    for _ in range(3):
        score(store(winning("german", 2, 0), [ann, "club"]))
    client = Client(headers={"accept-language": language})
    page = client.get("/accounts/players/ann/").content.decode()
    circles = re.findall(r'<circle class="dot" cx="([^"]*)" cy="([^"]*)"', page)
    assert len(circles) == 3
    assert all(re.fullmatch(r"-?[0-9.]+", v) for xy in circles for v in xy), circles


def test_a_player_chooses_an_unlocked_back_and_front(make_user):
    ann = make_user("ann")
    response = logged_in(ann).post("/rankings/cards/", {"back": "blue", "front": "four_colour"})
    assert response.status_code == 302
    ann.refresh_from_db()
    assert (ann.card_back, ann.card_front) == ("blue", "four_colour")


@pytest.mark.parametrize(
    "choice",
    [
        {"back": "gold", "front": "classic"},  # level 10
        {"back": "red", "front": "night"},  # an achievement
        {"back": "paisley", "front": "classic"},  # no such design
        {"back": "red"},  # no front
    ],
)
def test_a_locked_or_unknown_design_is_refused_with_a_message(make_user, choice):
    ann = make_user("ann")
    response = logged_in(ann).post("/rankings/cards/", choice, follow=True)
    assert response.status_code == 200
    assert "you have unlocked" in response.content.decode()
    ann.refresh_from_db()
    assert (ann.card_back, ann.card_front) == ("red", "classic")


def test_a_level_unlocks_its_designs(make_user):
    ann = make_user("ann")
    Progress.objects.create(user=ann, xp=4500, level=10)
    get_user_model().objects.filter(pk=ann.pk).update(level=10)
    ann.refresh_from_db()
    logged_in(ann).post("/rankings/cards/", {"back": "gold", "front": "parchment"})
    ann.refresh_from_db()
    assert (ann.card_back, ann.card_front) == ("gold", "parchment")


def test_the_card_choice_needs_a_login_and_a_post(make_user):
    assert Client().post("/rankings/cards/", {"back": "blue", "front": "large"}).status_code == 302
    assert logged_in(make_user("ann")).get("/rankings/cards/").status_code == 405


def test_the_table_shows_each_seats_level_and_back_and_the_viewers_front(make_user):
    ann = make_user("ann")
    get_user_model().objects.filter(pk=ann.pk).update(
        level=4, card_back="tartan", card_front="large"
    )
    ann.refresh_from_db()
    table = services.table_play_now(ann, "german", 2, "expert")
    seats = messages.table_payload(queries.table_get(table.pk), ann)["table"]["seats"]
    assert (seats[0]["level"], seats[0]["back"]) == (4, "tartan")
    assert (seats[1]["level"], seats[1]["back"]) == (None, "red")  # a bot: no level, default back
    page = logged_in(ann).get(f"/tables/{table.pk}/").content.decode()
    assert 'data-front="large"' in page
    assert 'data-front="classic"' in Client().get(f"/tables/{table.pk}/").content.decode()


def test_rating_changes_for_other_apps_in_one_query(make_user, score, django_assert_num_queries):
    ann = make_user("ann")
    rated = store(winning("german", 2, 0), [ann, "club"])
    casual = store(winning("german", 2, 0), [ann, "club"], rated=False)
    results = score(rated)
    score(casual)
    with django_assert_num_queries(1):
        changes = rating_changes([rated.pk, casual.pk])
    assert changes == {(rated.pk, ann.pk): results[0].rating_after - results[0].rating_before}


def test_the_create_form_says_house_rules_make_a_table_casual(make_user):
    page = logged_in(make_user("ann")).get("/tables/new/").content.decode()
    assert 'id="rated-note"' in page
    # json_script "rules": Whist's standard values (page_facts), which the form's script reads
    # a fixed trump (docs/rules.md §2.8, a drive's hand) is a house rule: only "turned" is rated
    assert '"values": {"target": [5, 7], "honours": [false], "trump_suit": ["turned"]}' in page


def test_the_admin_lists_what_the_bookkeeping_wrote(make_user, score):
    ann = make_user("ann")
    table = store(winning("german", 2, 0), [ann, "club"])
    score(table)
    admin = get_user_model().objects.create_superuser("root", password="pw")
    client = staff_client(admin)
    for name in ("gamescore", "rating", "progress", "achievement"):
        assert client.get(f"/admin/rankings/{name}/").status_code == 200
    score_id = table.score.pk
    assert client.get(f"/admin/rankings/gamescore/{score_id}/change/").status_code == 200


def test_recent_games_on_a_profile_show_private_games_to_the_player_only(make_user, score):
    """Others see a player's public games only (as their statistics and history do): a
    private table's game, a daily challenge's board, is in the player's own list alone."""
    from games.models import Table
    from records.models import GamePlayer, GameRecord

    ann, bob = make_user("ann"), make_user("bob")
    public = store(winning("german", 2, 0), [ann, "club"], rated=False)
    hidden = store(winning("german", 2, 0), [ann, "club"], rated=False)
    for model, key in ((Table, "pk"), (GameRecord, "pk"), (GamePlayer, "record_id")):
        model.objects.filter(**{key: hidden.pk}).update(private=True)
    score(public), score(hidden)

    def listed(viewer) -> set[int]:
        client = Client()
        if viewer is not None:
            client.force_login(viewer)
        page = client.get("/accounts/players/ann/").content.decode()
        rows = page.split('data-testid="recent-games"')[1].split("</table>")[0]
        return {int(n) for n in re.findall(r'href="/tables/(\d+)/"', rows)}

    assert listed(ann) == {public.pk, hidden.pk}
    assert listed(bob) == listed(None) == {public.pk}
