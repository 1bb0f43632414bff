"""Player pages and search: every figure of a player's page equals a
recount of the stored records (GameRecord: its seats, result and moves, not the per-seat
rows the page reads), annulled and practice games left out; head to head against the viewer."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services as games
from games.engine.result import places
from games.models import Move
from rankings.services import game_score_create
from records.models import GameRecord
from records.services import game_annul, record_store
from social import selectors, stats
from tests.games.helpers import play_to_end
from tests.rankings.helpers import seeded, store, winning

pytestmark = pytest.mark.django_db


def stat_cell(page: str, name: str, game: str = "german") -> str:
    """The text of the `name` cell in the statistics table's row of `game` (other attributes
    of the cell aside)."""
    row = page.split(f'data-testid="stats-{game}"')[1].split("</tr>")[0]
    found = re.search(rf'<td data-stat="{name}"[^>]*>([^<]*)</td>', row)
    assert found is not None, name
    return found.group(1)


def recount(user: Any, viewer: Any = None) -> dict[str, dict[str, Any]]:
    """Per game, from the stored records and the tables' move logs alone: games, wins, summed
    places, games resigned or left (a stand-in made most of the seat's decisions), and
    against `viewer`: together, ahead, behind, as partners."""
    out: dict[str, dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    for record in GameRecord.objects.filter(annulled=False, practice=False):
        seats = [s["user"] for s in record.seats]
        if user.pk not in seats:
            continue
        seat = seats.index(user.pk)
        place = places(record.result.get("ranking", []), record.players)
        resigned = {e["seat"] for d in record.record["deals"] for e in d["events"]
                    if e.get("action") == "resign"}  # fmt: skip
        c = out[record.game]
        c["games"] += 1
        c["wins"] += seat in record.result.get("winners", [])
        c["places"] += place[seat]
        by = Move.objects.filter(table_id=record.pk, seat=seat).values_list("by", flat=True)
        own = sum(b == Move.By.HUMAN for b in by)
        c["unfinished"] += seat in resigned or own < len(by) - own
        if viewer is not None and viewer.pk in seats:
            theirs = seats.index(viewer.pk)
            other = place[theirs]
            c["together"] += 1
            if record.game == "whist" and seat % 2 == theirs % 2:  # partners sit opposite
                c["partners"] += 1
                continue
            c["ahead"] += place[seat] < other
            c["behind"] += place[seat] > other
    return out


def humans_game(game: str, players: list[Any]) -> None:
    table = games.table_create(players[0], game, players=len(players))
    for i, user in enumerate(players[1:], start=1):
        games.seat_take(user, table.pk, i)
    games.table_start(players[0], table.pk)
    play_to_end(table.pk, dict(enumerate(players)))


def two_player_games(ann: Any, bob: Any, count: int) -> None:
    for _ in range(count):
        humans_game("german", [ann, bob])


@pytest.fixture
def history(make_user: Any) -> tuple[Any, Any]:
    """ann and bob: German Whist against each other, one resigned, one annulled; Whist and
    Knockout Whist with others."""
    ann, bob, mod = make_user("ann"), make_user("bob"), make_user("mod")
    two_player_games(ann, bob, 3)
    resigned = games.table_create(ann, "german")
    games.seat_take(bob, resigned.pk, 1)
    games.table_start(ann, resigned.pk)
    games.move_play(resigned.pk, {"action": "resign"}, user=bob)
    two_player_games(ann, bob, 1)
    game_annul(GameRecord.objects.latest("finished").pk, mod, "test")
    cat, dan = make_user("cat"), make_user("dan")
    humans_game("whist", [ann, cat, bob, dan])
    humans_game("knockout", [cat, ann, dan])
    return ann, bob


def test_every_figure_equals_a_recount_of_the_records(history):
    ann, bob = history
    for player, viewer in ((ann, bob), (bob, ann), (ann, None)):
        counted = recount(player, viewer)
        shown = {s.game: s for s in stats.player_stats(player, viewer)}
        assert set(shown) == set(counted)
        for game, c in counted.items():
            s = shown[game]
            assert (s.games, s.wins) == (c["games"], c["wins"])
            assert s.average_place == pytest.approx(c["places"] / c["games"])
            assert s.completed == c["games"] - c["unfinished"]
            if c["together"]:
                h = s.head_to_head
                assert (h.games, h.ahead, h.behind, h.partners) == (
                    c["together"], c["ahead"], c["behind"], c["partners"])  # fmt: skip
                assert h.tied == c["together"] - c["ahead"] - c["behind"] - c["partners"]
            else:
                assert s.head_to_head is None
    # The recount sees the resignation and leaves out the annulled game.
    german = {s.game: s for s in stats.player_stats(bob)}["german"]
    assert german.games == 4 and german.completed == 3
    assert german.completion_rate == pytest.approx(0.75)


def test_a_game_left_to_a_stand_in_for_the_most_part_is_not_completed(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    away = lambda seat, n: Move.By.TIMEOUT if seat == 1 and n > 0 else None  # noqa: E731
    store(winning("german", 2, 0), [ann, bob], by=away)
    store(seeded("german", 2, 3), [ann, bob])
    german = {s.game: s for s in stats.player_stats(bob)}["german"]
    assert (german.games, german.completed) == (2, 1)
    assert {s.game: s for s in stats.player_stats(ann)}["german"].completed == 2
    for player in (ann, bob):
        c = recount(player)["german"]
        assert c["games"] - c["unfinished"] == stats.player_stats(player)[0].completed


def test_the_players_page_shows_the_figures_and_head_to_head(history):
    ann, bob = history
    client = Client()
    client.force_login(bob)
    page = client.get("/accounts/players/ann/").content.decode()
    s = {x.game: x for x in stats.player_stats(ann, bob)}["german"]
    assert 'data-testid="stats-german"' in page
    assert stat_cell(page, "games") == str(s.games)
    assert stat_cell(page, "wins") == str(s.wins)
    assert f"{s.head_to_head.games} games together" in page
    game_page = client.get("/players/ann/german/")
    assert game_page.status_code == 200
    assert f'<dd data-stat="games">{s.games}</dd>' in game_page.content.decode()
    # Issue 45 item 6: "level 0" meant no ties; ties are named only when there are some.
    assert "level" not in game_page.content.decode().split('data-stat="h2h">')[1].split("</dd>")[0]
    assert client.get("/players/ann/poker/").status_code == 404


def test_a_players_address_without_a_game_leads_to_their_page(make_user):
    """/players/ann/german/ is a page, so /players/ann/ is the address one tries: the profile."""
    make_user("ann")
    response = Client().get("/players/ann/")
    assert response.status_code == 302 and response.url == "/accounts/players/ann/"


def test_the_rating_history_chart_is_on_the_game_page(make_user):
    ann = make_user("ann")
    for _ in range(2):
        table = store(winning("german", 2, 0), [ann, "beginner"])
        record_store(table, list(table.seats.order_by("index")))
        game_score_create(table.pk)
    page = Client().get("/players/ann/german/").content.decode()
    assert 'data-testid="rating-graph-german"' in page


def test_search_finds_players_by_part_of_either_name(make_user):
    make_user("annabel"), make_user("bob")
    ann = make_user("ann")
    ann.display_name = "Queen of Hearts"
    ann.save()
    assert [u.username for u in selectors.player_search("ANN")] == ["ann", "annabel"]
    assert [u.username for u in selectors.player_search("hearts")] == ["ann"]
    assert selectors.player_search("   ") == []
    page = Client().get("/players/", {"q": "bo"}).content.decode()
    assert 'href="/accounts/players/bob/"' in page
    assert "No player is called" in Client().get("/players/", {"q": "zed"}).content.decode()


def test_search_loads_a_bounded_number_of_players(make_user):
    """Every query of a search has a LIMIT: 30 players who all match load at most a page."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for i in range(30):
        make_user(f"ann{i:02d}")
    with CaptureQueriesContext(connection) as queries:
        found = selectors.player_search("ann")
    assert len(found) == selectors.SEARCH_RESULTS
    assert [u.username for u in found] == [f"ann{i:02d}" for i in range(selectors.SEARCH_RESULTS)]
    assert queries.captured_queries and all("LIMIT" in q["sql"] for q in queries.captured_queries)


def test_search_by_part_of_a_name_uses_an_index_on_postgresql(make_user):
    """The part-of-a-name search can use the trigram index (accounts migration 0011)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the trigram index is PostgreSQL's")
    make_user("annabel")
    sql, params = (
        get_user_model()
        .objects.filter(username__icontains="nab")
        .values("pk")
        .query.sql_with_params()
    )
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "accounts_user_username_trgm" in plan


def test_other_players_see_only_public_games_in_a_players_statistics(make_user: Any) -> None:
    from games.reads.queries import INVITES_SESSION_KEY

    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    humans_game("german", [ann, bob])
    table = games.table_create(ann, "german", private=True)
    invited = {INVITES_SESSION_KEY: {str(table.pk): table.invite_token}}
    games.seat_take(bob, table.pk, 1, session=invited)
    games.table_start(ann, table.pk)
    play_to_end(table.pk, {0: ann, 1: bob})
    for viewer in (cat, None):
        assert [(s.game, s.games) for s in stats.player_stats(ann, viewer)] == [("german", 1)]
    assert [(s.game, s.games) for s in stats.player_stats(ann, ann)] == [("german", 2)]


def test_practice_games_count_in_no_ones_statistics(make_user: Any) -> None:
    """A practice game ("play from here", GameRecord.practice) is not a game played: neither
    others nor the player see it in the figures (as ratings, XP, fair play and the pool's
    completion rate leave it out), while the original public game counts for everyone."""
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    original = store(winning("german", 2, 0), [ann, bob], rated=False)
    left = lambda seat, n: Move.By.TIMEOUT if seat == 0 and n >= 2 else None  # noqa: E731
    for by in (None, left):
        store(winning("german", 2, 0), [ann, "club"], rated=False, by=by, practice_of=original)
    assert GameRecord.objects.filter(practice=True).count() == 2
    for viewer in (ann, bob, cat, None):
        (german,) = stats.player_stats(ann, viewer)
        assert (german.games, german.wins, german.completed) == (1, 1, 1), viewer
    (german,) = stats.player_stats(ann, bob)
    assert german.head_to_head.games == 1
    client = Client()
    client.force_login(cat)
    page = client.get("/accounts/players/ann/").content.decode()
    assert stat_cell(page, "games") == "1"
    assert '<dd data-stat="games">1</dd>' in client.get("/players/ann/german/").content.decode()


def test_games_played_on_a_profile_counts_no_practice_and_private_games_for_the_player_only(
    make_user: Any,
) -> None:
    """The profile's "Games played" follows the statistics' rule: practice games never,
    private games for the player themself (and staff, who see their history) only."""
    from games.reads.queries import INVITES_SESSION_KEY

    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    original = store(winning("german", 2, 0), [ann, bob], rated=False)
    store(winning("german", 2, 0), [ann, "club"], rated=False, practice_of=original)
    table = games.table_create(ann, "german", private=True)
    invited = {INVITES_SESSION_KEY: {str(table.pk): table.invite_token}}
    games.seat_take(bob, table.pk, 1, session=invited)
    games.table_start(ann, table.pk)
    play_to_end(table.pk, {0: ann, 1: bob})
    for viewer, shown in ((ann, 2), (bob, 1), (cat, 1), (None, 1)):
        client = Client()
        if viewer is not None:
            client.force_login(viewer)
        page = client.get("/accounts/players/ann/").content.decode()
        assert f'data-testid="games-played">{shown}<' in page, viewer
