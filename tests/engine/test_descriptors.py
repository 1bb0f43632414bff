"""Per-game descriptors (games.engine.descriptors, the `Game` protocol's attributes): what the
site knows of a game without naming it, each answered by the game itself."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.engine import claims, descriptors, make_rules, new_game
from games.engine.descriptors import (
    GAMES_BY_NAME,
    game_of,
    is_standard,
    matching_preset,
    page_facts,
    partner,
    preset_options,
    side_of,
    sides,
)
from games.engine.rules import GAMES, PRESETS, RulesError, option_fields
from tests.engine.helpers import finish_game, play_until


def test_every_game_has_a_game_with_its_descriptors():
    assert set(GAMES_BY_NAME) == set(GAMES)
    for name in GAMES:
        game = game_of(name)
        assert game.name == name
        assert isinstance(game.same_deals, bool)
        assert "resign" in game.result_reasons
        assert {"partnerships", "result_reasons", "resign_ends_game"} <= set(page_facts(name))


def test_whist_partners_sit_opposite():
    assert sides("whist", 4) == [[0, 2], [1, 3]]
    assert [partner("whist", seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [side_of("whist", seat) for seat in range(4)] == [0, 1, 0, 1]


def test_in_the_other_games_every_seat_plays_for_itself():
    assert sides("knockout", 5) == [[0], [1], [2], [3], [4]]
    assert sides("german", 2) == [[0], [1]]
    assert partner("knockout", 1) is None and partner("german", 0) is None
    assert side_of("german", 1) == 1


def test_a_finished_games_reason_is_one_its_game_names():
    for name, players in (("knockout", 4), ("whist", 4), ("german", 2)):
        for seed in range(1, 4):
            state = finish_game(new_game(make_rules(name, players), seed=seed))
            assert state.result["reason"] in game_of(name).result_reasons


def test_whist_winners_are_a_partnership():
    for seed in range(1, 4):
        state = finish_game(new_game(make_rules("whist", 4), seed=seed))
        assert sorted(state.result["winners"]) in sides("whist", 4)


def test_only_knockout_resigns_into_a_bot():
    assert [game_of(g).resign_ends_game for g in ("knockout", "whist", "german")] == [
        False, True, True,
    ]  # fmt: skip


@pytest.mark.parametrize(
    "name, players, keys",
    [("knockout", 4, {"round", "rounds", "left"}), ("whist", 4, {"deal", "scores", "wins"}),
     ("german", 2, {"game", "games", "half"})],
)  # fmt: skip
def test_a_game_in_play_says_how_far_it_has_got(name, players, keys):
    state = new_game(make_rules(name, players), seed=3)
    assert set(state.game.stage(state)) == keys
    later = play_until(state, lambda s: s.deal_no == 1)
    stage = later.game.stage(later)
    assert stage.get("round", stage.get("deal", stage.get("game"))) in (1, 2)


def test_the_matching_preset_is_the_games_own():
    defaults = {f.name: f.default for f in option_fields("knockout")}
    assert matching_preset("knockout", defaults) == "classic"
    assert matching_preset("knockout", {**defaults, **PRESETS["dutch"]}) == "dutch"
    assert matching_preset("knockout", {**defaults, "start_cards": 5}) == ""
    whist = {f.name: f.default for f in option_fields("whist")}
    assert matching_preset("whist", whist) == ""  # no presets: custom or standard by name
    assert preset_options("german") == {}
    assert set(preset_options("knockout")) == set(PRESETS)


def test_a_game_of_a_fixed_number_of_players_says_it():
    assert descriptors.fixed_players("whist") == 4
    assert descriptors.fixed_players("german") == 2
    assert descriptors.fixed_players("knockout") is None


def test_only_games_that_deal_to_the_same_seats_can_be_compared_in_duplicate():
    assert [game_of(g).same_deals for g in ("knockout", "whist", "german")] == [False, True, True]


def test_a_deal_has_its_games_tricks_or_its_hand_size():
    assert [game_of(g).deal_tricks for g in ("knockout", "whist", "german")] == [None, 13, 26]
    for name, players, options in (
        ("knockout", 4, {"start_cards": 5}), ("whist", 4, {}), ("german", 2, {}),
    ):  # fmt: skip
        state = new_game(make_rules(name, players, **options), seed=2)
        expected = game_of(name).deal_tricks or options["start_cards"]
        assert claims.tricks_left(state) == expected


def test_only_german_whist_claims_after_the_talon_on_two_hands():
    assert [game_of(g).claims_after_talon for g in ("knockout", "whist", "german")] == [
        False, False, True,
    ]  # fmt: skip
    assert [game_of(g).two_hand_claims for g in ("knockout", "whist", "german")] == [
        False, False, True,
    ]  # fmt: skip


def test_a_claimers_side_is_its_partnership():
    whist = new_game(make_rules("whist", 4), seed=1)
    assert [claims.side_of(whist, seat) for seat in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    knockout = new_game(make_rules("knockout", 5), seed=1)
    assert [claims.side_of(knockout, seat) for seat in range(5)] == [(s,) for s in range(5)]


def _option_sets(game):
    """The defaults, each preset, and each option changed alone to another of its values."""
    defaults = {f.name: f.default for f in option_fields(game)}
    sets = [defaults, *preset_options(game).values()]
    for f in option_fields(game):
        spec = f.metadata["spec"]
        if isinstance(f.default, bool):
            others = [not f.default]
        elif spec.choices:
            others = [value for value, _ in spec.choices]
        else:
            others = list(range(spec.low, spec.high + 1))
        sets += [{**defaults, f.name: v} for v in others if v != f.default]
    return sets


@pytest.mark.parametrize("game", ["knockout", "whist", "german"])
def test_the_standard_descriptors_say_what_is_standard(game):
    """descriptors.standard_options, what the create-table form computes from page_facts,
    answers as descriptors.is_standard does on the Ruleset, for both kinds of answer."""
    players = {"knockout": 4, "whist": 4, "german": 2}[game]
    answers = set()
    for options in _option_sets(game):
        try:
            rules = make_rules(game, players, **options)
        except RulesError:  # a combination the rules book does not allow
            continue
        answers.add(is_standard(rules))
        assert descriptors.standard_options(game, rules.option_dict()) == is_standard(rules)
    assert answers == ({True} if game == "german" else {True, False})


def test_page_facts_carry_the_claim_and_standard_descriptors():
    assert page_facts("knockout")["deal_tricks"] is None
    assert page_facts("german")["deal_tricks"] == 26 and page_facts("german")["claims_after_talon"]
    assert page_facts("knockout")["standard"] == {"presets_only": True, "values": {}}
    assert page_facts("whist")["standard"] == {
        "presets_only": False,
        "values": {"target": [5, 7], "honours": [False], "trump_suit": ["turned"]},
    }  # fmt: skip
    assert page_facts("german")["standard"] == {"presets_only": False, "values": {}}
    for name in GAMES:
        assert json.loads(json.dumps(page_facts(name))) == page_facts(name)


SITE_APPS = ("accounts", "games", "records", "rankings", "social", "tournaments", "whistsite")
NAME_BRANCH = re.compile(
    r"""(==|!=)\s*["'](knockout|whist|german)["']|["'](knockout|whist|german)["']\s*(==|!=)"""
    r"""|\bin\s*[(\[{]\s*["'](knockout|whist|german)["']"""
)


def test_nothing_outside_the_engine_branches_on_a_games_name():
    """Outside games/engine/ the site asks the descriptors: no comparison with a
    game's name in Python (tables keyed by game, such as the guide's examples, are data)."""
    root = Path(__file__).resolve().parents[2]
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for app in SITE_APPS
        for path in sorted((root / app).rglob("*.py"))
        if "engine" not in path.relative_to(root).parts and "migrations" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if NAME_BRANCH.search(line)
    ]
    assert found == []
