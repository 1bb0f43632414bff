"""Annulling a game leaves ratings, XP, levels, achievements and unlocks as a fresh database
gets them from the same games without it (the real bookkeeping run again on the others, in
order); annulling twice changes nothing; a game annulled before its bookkeeping is never
scored; two processes at once (annulling while games are scored, or annulling twice) end as
one annulment would."""

from __future__ import annotations

from datetime import timedelta
from functools import cache
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Table
from rankings import selectors
from rankings.achievements import ACHIEVEMENTS, COUNT_BASED, Counts, Game
from rankings.models import Achievement, GameScore, Progress, Rating, SeatResult
from rankings.outcome import SeatFacts
from rankings.services import card_choice_set, game_score_annul, game_score_create
from rankings.services.bookkeeping import game_scores_overdue
from records.models import GameRecord
from tests.rankings.annulled import differences, scored_afresh, snapshot
from tests.rankings.helpers import seeded, store, winning
from tests.rankings.test_exactly_once import postgres_only, run_processes
from tests.rankings.test_ratings import shared_places_game

pytestmark = pytest.mark.django_db


@cache
def won(game: str, players: int, seat: int, **options: Any):
    return winning(game, players, seat, **options)


def season(make_user: Any) -> list[int]:
    """Twelve rated games, scored in order, of four players who meet again and again and of
    bots (a Club bot in two seats of one game): every game kind, shared places, teams."""
    ann, bob, cat, dan = (make_user(n) for n in ("ann", "bob", "cat", "dan"))
    plan = [
        (won("german", 2, 0), [ann, bob]),
        (shared_places_game(), [ann, "club", cat, "club"]),
        (won("whist", 4, 0), [ann, bob, cat, dan]),
        (won("german", 2, 1), [bob, "expert"]),
        (won("german", 2, 0), [cat, ann]),
        (seeded("knockout", 3, 4), [dan, bob, "beginner"]),
        (won("whist", 4, 1), [bob, "club", dan, "expert"]),
        (won("german", 2, 0), [ann, "expert"]),
        (seeded("knockout", 4, 9), [cat, dan, "club", ann]),
        (won("german", 2, 1), [dan, ann]),
        (won("whist", 4, 0), [dan, ann, "club", cat]),
        (won("german", 2, 0), [bob, cat]),
    ]
    return [scored(store(state, seats)) for state, seats in plan]


def scored(table: Table) -> int:
    assert game_score_create(table.pk) is not None
    return table.pk


@pytest.mark.parametrize("annulled", [0, 4, 11])
def test_annulling_a_rated_game_rates_the_others_as_a_fresh_database_would(make_user, annulled):
    games = season(make_user)
    assert game_score_annul(games[annulled]) is True
    got = snapshot()
    assert differences(got, scored_afresh([g for g in games if g != games[annulled]])) == []


def test_annulling_two_games_one_after_the_other(make_user):
    games = season(make_user)
    assert game_score_annul(games[6]) and game_score_annul(games[2])
    got = snapshot()
    assert (
        differences(got, scored_afresh([g for i, g in enumerate(games) if i not in {2, 6}])) == []
    )


def test_annulling_twice_changes_nothing(make_user):
    games = season(make_user)
    assert game_score_annul(games[3]) is True
    once = snapshot()
    assert game_score_annul(games[3]) is False
    assert snapshot() == once


def test_the_annulled_game_changes_no_rating_any_more_where_pages_read_it(make_user):
    games = season(make_user)
    ann = get_user_model().objects.get(username="ann")
    assert (games[0], ann.pk) in selectors.rating_changes([games[0]])
    game_score_annul(games[0])
    assert selectors.rating_changes([games[0]]) == {}
    assert selectors.seat_changes(games[0]) == {}
    assert len(selectors.seat_changes(games[1])) == 4  # bots' seats too
    points = selectors.rating_history(ann)["german"]
    assert len(points) == Rating.objects.get(game="german", user=ann).games == 3
    awards = selectors.awards_for(games[0], ann)
    assert awards["annulled"] is True and awards["rating"] is None


def test_ten_rated_wins_and_a_level_move_to_later_games_or_go(make_user):
    """Twelve rated wins: level 3 (300 XP) at the last, ten rated wins at the tenth. Each
    annulment moves what depended on the game, or takes it away, and a card back the level
    no longer unlocks goes back to the default."""
    ann = make_user("ann")
    games = [scored(store(won("german", 2, 0), [ann, "beginner"])) for _ in range(12)]
    ann.refresh_from_db()
    assert ann.level == 3
    card_choice_set(ann, "tartan", "classic")  # level 3's back
    assert Achievement.objects.get(user=ann, code="rated_wins_10").table_id == games[9]
    for annulled, ten in ((0, games[10]), (5, games[11]), (7, None)):
        game_score_annul(games[annulled])
        row = Achievement.objects.filter(user=ann, code="rated_wins_10").first()
        assert (row.table_id if row else None) == ten
    got, left = snapshot(), [g for i, g in enumerate(games) if i not in {0, 5, 7}]
    assert differences(got, scored_afresh(left)) == []
    ann.refresh_from_db()
    assert (ann.level, ann.card_back) == (2, "red")
    first = Achievement.objects.get(user=ann, code="first_win_german")  # moved from game 0
    assert first.table_id == games[1]


def test_an_achievement_only_the_annulled_game_earned_is_revoked(make_user):
    ann = make_user("ann")
    lost = scored(store(won("german", 2, 1), [ann, "club"]))
    beat = scored(store(won("german", 2, 0), [ann, "expert"]))
    scored(store(won("german", 2, 1), [ann, "expert"]))  # a loss to the Expert: no second
    game_score_annul(beat)
    assert set(Achievement.objects.filter(user=ann).values_list("code", flat=True)) == {
        "first_rated"
    }
    assert Achievement.objects.get(user=ann, code="first_rated").table_id == lost


def test_a_casual_game_loses_its_xp_and_changes_no_rating(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    rated = scored(store(won("german", 2, 0), [ann, bob]))
    casual = scored(store(won("german", 2, 0), [ann, bob], rated=False))
    after = scored(store(won("german", 2, 1), [ann, bob]))
    ratings = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    assert game_score_annul(casual) is True
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == ratings
    assert Progress.objects.get(user=ann).xp == 25 + 10
    assert differences(snapshot(), scored_afresh([rated, after])) == []


def test_a_game_annulled_before_its_bookkeeping_is_never_scored(make_user):
    ann = make_user("ann")
    table = store(won("german", 2, 0), [ann, "club"])
    ago = timezone.now() - timedelta(minutes=5)
    Table.objects.filter(pk=table.pk).update(finished=ago)
    GameRecord.objects.filter(pk=table.pk).update(finished=ago)  # as stored
    assert game_score_annul(table.pk) is True
    assert game_score_create(table.pk) is None  # the task comes late: nothing to do
    assert game_score_annul(table.pk) is False
    score = GameScore.objects.get(table=table)
    assert score.annulled and not score.rated and score.casual_reason == "annulled"
    assert not SeatResult.objects.exists() and not Progress.objects.filter(xp__gt=0).exists()
    assert table.pk not in game_scores_overdue()  # the watchdog does not queue it again


def test_count_based_achievements_read_no_record():
    """The replay checks them on later games without reading their records."""
    me = SeatFacts(0, 1, "", 0, True, False, True)
    for a in ACHIEVEMENTS:
        if a.code in COUNT_BASED:
            a.check(Game({}, [], True), me, Counts(30, 30, 30))


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_annulling_while_later_games_are_scored_in_another_process(make_user):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    first = scored(store(won("german", 2, 0), [ann, bob]))
    pairs = [[bob, cat], [ann, cat], [cat, "club"], [ann, bob], [bob, "club"], [ann, cat]] * 2
    later = [store(won("german", 2, i % 2), seats).pk for i, seats in enumerate(pairs)]
    # The annulment starts once three later games are scored: some are rated again, others
    # are scored while it runs or after it.
    outputs = run_processes(["scores:4", f"annul:{first}"], later)
    assert outputs == [["annulled"], ["scored"] * len(later)]
    assert differences(snapshot(), scored_afresh(later)) == []


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_processes_annulling_the_same_game_annul_it_once(make_user):
    games = season(make_user)
    outputs = run_processes([f"annul:{games[4]}"], [f"annul:{games[4]}"])
    assert sorted(o[0] for o in outputs) == ["annulled", "skipped"]
    assert differences(snapshot(), scored_afresh([g for g in games if g != games[4]])) == []


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_processes_annulling_two_games_of_the_same_players_at_once(make_user):
    games = season(make_user)
    outputs = run_processes([f"annul:{games[0]}"], [f"annul:{games[4]}"])
    assert outputs == [["annulled"], ["annulled"]]
    left = [g for i, g in enumerate(games) if i not in {0, 4}]
    assert differences(snapshot(), scored_afresh(left)) == []
