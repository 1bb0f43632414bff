"""Which rules are standard (rated tables play only these): docs/rules.md §1.8 presets, defaults."""

from __future__ import annotations

import pytest

from games.engine import make_rules
from games.engine.descriptors import is_standard


@pytest.mark.parametrize("preset", [None, "classic", "dutch"])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_knockout_classic_and_dutch_presets_are_standard(preset, players):
    assert is_standard(make_rules("knockout", players, preset))


@pytest.mark.parametrize(
    "option",
    [
        {"start_cards": 5},
        {"exchange": True},
        {"rainbow": True},
        {"dogs_life": "off"},
        {"safe_first_round": True},
        {"trump": "fixed"},
        {"no_trump_allowed": True},
        {"last_round_no_trump": True},
        {"eliminated_vote": True},
        {"sweep_wins": True},
    ],
)
def test_any_knockout_house_rule_is_not_standard(option):
    assert not is_standard(make_rules("knockout", 4, None, **option))


def test_a_dutch_table_with_one_more_house_rule_is_not_standard():
    assert not is_standard(make_rules("knockout", 4, "dutch", exchange=True))


@pytest.mark.parametrize("target", [5, 7])
@pytest.mark.parametrize("rubber", [False, True])
def test_whist_to_five_or_seven_one_game_or_a_rubber_is_standard(target, rubber):
    assert is_standard(make_rules("whist", 4, target=target, rubber=rubber))


@pytest.mark.parametrize("option", [{"target": 3}, {"target": 10}, {"honours": True}])
def test_whist_with_another_target_or_honours_is_not_standard(option):
    assert not is_standard(make_rules("whist", 4, **option))


@pytest.mark.parametrize("games", [1, 3, 15])
def test_german_whist_of_any_match_length_is_standard(games):
    assert is_standard(make_rules("german", 2, games=games))
