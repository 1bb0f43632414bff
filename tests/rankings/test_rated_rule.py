"""Rated versus casual: a rated table with standard rules and at least one counting human
changes ratings; casual tables, house rules and games bots played for the humans do not."""

from __future__ import annotations

import pytest

from games import services
from games.models import Move
from rankings.models import GameScore, Rating
from rankings.outcome import CASUAL, HOUSE_RULES, NO_HUMAN, PRACTICE
from records.models import GameRecord
from tests.rankings.helpers import seeded, store, winning

pytestmark = pytest.mark.django_db


def reason(table) -> str:
    return GameScore.objects.get(table=table).casual_reason


def test_a_rated_standard_game_with_a_human_changes_ratings(make_user, score):
    results = score(store(winning("german", 2, 0), [make_user("ann"), "club"]))
    assert all(r.rated for r in results.values())
    assert Rating.objects.filter(game="german", games=1).count() == 2


def test_a_casual_table_changes_no_rating(make_user, score):
    table = store(winning("german", 2, 0), [make_user("ann"), "club"], rated=False)
    results = score(table)
    assert reason(table) == CASUAL
    assert not any(r.rated or r.rating_after for r in results.values())
    assert not Rating.objects.exists()
    assert results[0].xp > 0  # XP for every complete game, casual too


def test_a_table_with_a_house_rule_changes_no_rating(make_user, score):
    table = store(seeded("whist", 4, 2, honours=True), [make_user("ann"), "club", "club", "club"])
    score(table)
    assert reason(table) == HOUSE_RULES
    assert not Rating.objects.exists()


def test_the_dutch_preset_is_standard(make_user, score):
    table = store(seeded("knockout", 3, 2, preset="dutch"), [make_user("ann"), "club", "club"])
    assert all(r.rated for r in score(table).values())


def test_a_game_whose_humans_bots_played_for_the_most_part_is_not_rated(make_user, score):
    away = lambda seat, n: Move.By.BOT if n % 3 else None  # noqa: E731  two of three by a bot
    table = store(winning("german", 2, 0), [make_user("ann"), make_user("bob")], by=away)
    results = score(table)
    assert reason(table) == NO_HUMAN
    assert not any(r.counted for r in results.values())
    assert not Rating.objects.filter(games__gt=0).exists()


def test_a_human_who_made_half_the_decisions_counts(make_user, score):
    half = lambda seat, n: Move.By.TIMEOUT if n % 2 else None  # noqa: E731
    table = store(winning("german", 2, 0), [make_user("ann"), "club"], by=half)
    results = score(table)
    assert results[0].counted and results[0].rated


def test_a_player_who_went_away_is_still_rated_when_another_human_counts(make_user, score):
    away = lambda seat, n: Move.By.TIMEOUT if seat == 1 and n > 0 else None  # noqa: E731
    table = store(winning("german", 2, 0), [make_user("ann"), make_user("bob")], by=away)
    results = score(table)
    assert results[1].rated and results[1].rating_after < results[1].rating_before + 1
    assert not results[1].counted


def test_a_game_won_by_resignation_counts_and_the_resigner_loses(make_user, score):
    ann = make_user("ann")
    table = services.table_play_now(ann, "german", 2, "club")
    table.rated = True
    table.save(update_fields=["rated"])
    services.move_play(table.pk, {"action": "resign"}, user=ann)
    results = score(table)
    assert results[0].rated and results[0].resigned and not results[0].won
    # resigned at once: the bot gains nothing (docs/rules.md §4.3), the resigner still loses
    assert results[0].rating_after < 1000 == results[1].rating_after


def test_a_rated_table_with_house_rules_is_created_casual(make_user):
    ann = make_user("ann")
    table = services.table_create(ann, "whist", 4, {"honours": True}, rated=True)
    assert not table.rated
    standard = services.table_create(ann, "whist", 4, {"target": 7}, rated=True)
    assert standard.rated


def test_a_game_stored_as_practice_changes_no_rating_whatever_its_record(make_user, score):
    """The stored flag decides (records.models.GameRecord.practice), not the record's JSON."""
    ann = make_user("ann")
    table = store(winning("german", 2, 0), [ann, "club"])
    GameRecord.objects.filter(pk=table.pk).update(practice=True)
    results = score(table)
    assert reason(table) == PRACTICE
    assert not any(r.rated or r.xp for r in results.values())
    assert not Rating.objects.filter(games__gt=0).exists()
