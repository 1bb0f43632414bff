"""Records: a finished game written, read back and replayed gives the same record."""

from __future__ import annotations

import json
import random

import pytest

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.actions import resign
from games.engine.record import RecordError, read_record, replay_record, to_record
from games.engine.simulate import random_game

GAMES = [
    ("knockout", 6, {"exchange": True, "eliminated_vote": True, "no_trump_allowed": True}),
    ("knockout", 3, {"lead": "trump_chooser", "dogs_life": "once_per_player"}),
    ("whist", 4, {"honours": True, "rubber": True}),
    ("german", 2, {"games": 3}),
]


@pytest.mark.parametrize("game, players, options", GAMES)
def test_record_round_trip_replays_to_the_same_record(game, players, options):
    record = random_game(make_rules(game, players, **options), seed=99)
    text = json.dumps(record)
    rules, source, actions = read_record(json.loads(text))
    state = new_game(rules, source=source)
    for action in actions:
        state = apply(state, action)
    assert json.dumps(to_record(state, record["seats"])) == text
    assert replay_record(json.loads(text)) == []


def test_only_a_finished_game_is_a_record():
    with pytest.raises(ValueError):
        to_record(new_game(make_rules("german"), seed=1))


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.update(format="whist-record/0"),
        lambda r: r.pop("deals"),
        lambda r: r["deals"][0]["hands"][0].__setitem__(0, "ZZ"),
        lambda r: r["options"].update(target=99),
        lambda r: r["deals"][0]["hands"][0].append(r["deals"][0]["hands"][1][0]),
    ],
)
def test_unreadable_records_are_refused_with_a_reason(damage):
    record = random_game(make_rules("whist"), seed=5)
    damage(record)
    with pytest.raises(RecordError):
        read_record(record)
    assert replay_record(record)


def test_resigned_whist_match_records_the_interrupted_deal_without_outcome():
    state = new_game(make_rules("whist", rubber=True), seed=3)
    rng = random.Random(3)
    for _ in range(30):
        state = apply(state, rng.choice(legal_actions(state, resign_too=False)))
    state = apply(state, resign(1))
    record = to_record(state)
    assert record["result"]["reason"] == "resign" and record["result"]["winners"] == [0, 2]
    assert record["deals"][-1]["outcome"] is None
    assert record["deals"][-1]["events"][-1] == {"seat": 1, "action": "resign"}
    assert replay_record(json.loads(json.dumps(record))) == []
