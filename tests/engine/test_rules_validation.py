"""docs/rules.md: which games, player counts and options a ruleset accepts, and the presets."""

from __future__ import annotations

from dataclasses import fields

import pytest

from games.engine import RulesError, make_rules
from games.engine.rules import KnockoutOptions


@pytest.mark.parametrize("players", range(2, 8))
def test_knockout_is_for_2_to_7_players(players):
    assert make_rules("knockout", players).players == players


@pytest.mark.parametrize(
    ("game", "players", "limit"),
    [
        ("knockout", 1, "2-7"),
        ("knockout", 8, "2-7"),
        ("whist", 3, "4"),
        ("whist", 5, "4"),
        ("german", 3, "2"),
        ("german", 1, "2"),
    ],
)
def test_player_counts_refused(game, players, limit):
    with pytest.raises(RulesError, match=f"{game} is for {limit} players"):
        make_rules(game, players)


def test_whist_is_for_four_and_german_whist_for_two():
    assert make_rules("whist").players == 4
    assert make_rules("german").players == 2


def test_unknown_game_refused():
    with pytest.raises(RulesError, match="unknown game"):
        make_rules("bridge", 4)


def test_start_cards_8_with_7_players_refused_naming_the_limit():
    with pytest.raises(RulesError) as refused:
        make_rules("knockout", 7, start_cards=8)
    assert "7 × 8 + 1" in str(refused.value)
    assert "> 52" in str(refused.value)


@pytest.mark.parametrize(("players", "most"), [(2, 8), (6, 8), (7, 7)])
def test_start_cards_at_most_as_many_as_fit(players, most):
    # players × start_cards + 1 ≤ 52
    assert make_rules("knockout", players, start_cards=most).options.start_cards == most


@pytest.mark.parametrize("start_cards", [0, 9, -1])
def test_start_cards_1_to_8(start_cards):
    with pytest.raises(RulesError, match="start_cards"):
        make_rules("knockout", 3, start_cards=start_cards)


def test_start_cards_default_7():
    assert make_rules("knockout", 4).options.start_cards == 7


@pytest.mark.parametrize(("name", "bad"), [("target", 0), ("target", 16), ("target", "5")])
def test_whist_target_1_to_15(name, bad):
    assert make_rules("whist", target=1).options.target == 1
    assert make_rules("whist", target=15).options.target == 15
    with pytest.raises(RulesError, match="target"):
        make_rules("whist", **{name: bad})


def test_whist_defaults_target_5_no_honours_no_rubber():
    opts = make_rules("whist").options
    assert (opts.target, opts.honours, opts.rubber) == (5, False, False)


@pytest.mark.parametrize("bad", [0, 16])
def test_german_games_1_to_15(bad):
    assert make_rules("german", games=15).options.games == 15
    assert make_rules("german").options.games == 1
    with pytest.raises(RulesError, match="games"):
        make_rules("german", games=bad)


def test_unknown_option_refused():
    with pytest.raises(RulesError, match="no option 'jokers'"):
        make_rules("knockout", 4, jokers=True)


def test_option_of_another_game_refused():
    with pytest.raises(RulesError, match="honours"):
        make_rules("knockout", 4, honours=True)


@pytest.mark.parametrize(
    ("name", "bad"),
    [("dogs_life", "twice"), ("lead", "dealer"), ("trump", "random"), ("rainbow", 1)],
)
def test_option_values_refused(name, bad):
    with pytest.raises(RulesError, match=name):
        make_rules("knockout", 4, **{name: bad})


def test_knockout_variants_all_off_by_default():
    assert make_rules("knockout", 4).options == KnockoutOptions(
        start_cards=7,
        dogs_life="once_per_game",
        safe_first_round=False,
        lead="left_of_dealer",
        trump="chosen",
        no_trump_allowed=False,
        last_round_no_trump=False,
        exchange=False,
        rainbow=False,
        sweep_wins=False,
        eliminated_vote=False,
    )


def test_preset_classic_is_the_defaults():
    assert make_rules("knockout", 4, "classic") == make_rules("knockout", 4)


def test_preset_dutch():
    opts = make_rules("knockout", 4, "dutch").options
    assert opts.lead == "trump_chooser"
    assert opts.sweep_wins is True
    assert opts.dogs_life == "once_per_player"
    assert opts == KnockoutOptions(
        lead="trump_chooser", sweep_wins=True, dogs_life="once_per_player"
    )


def test_option_overrides_preset():
    opts = make_rules("knockout", 4, "dutch", sweep_wins=False, start_cards=5).options
    assert (opts.lead, opts.sweep_wins, opts.start_cards) == ("trump_chooser", False, 5)


def test_unknown_preset_refused():
    with pytest.raises(RulesError, match="unknown preset"):
        make_rules("knockout", 4, "swedish")


def test_preset_options_checked_against_the_fit():
    with pytest.raises(RulesError, match="7 × 8 \\+ 1"):
        make_rules("knockout", 7, "dutch", start_cards=8)


@pytest.mark.parametrize(
    "rules",
    [
        make_rules("knockout", 4),
        make_rules("knockout", 3, "dutch"),
        make_rules("whist"),
        make_rules("german"),
    ],  # fmt: skip
    ids=["knockout", "dutch", "whist", "german"],
)
def test_option_dict_is_every_option_by_name_in_its_fields_order(rules):
    expected = {f.name: getattr(rules.options, f.name) for f in fields(rules.options)}
    assert list(rules.option_dict().items()) == list(expected.items())
    assert rules.option_dict() is not rules.option_dict()  # the caller's own to change
