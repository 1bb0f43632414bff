"""record_check: a good record replays to the engine's own steps and frames; any damage to a
record is refused as a RecordProblem (never another exception); the replay frames."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import make_rules
from games.engine.record import replay_record
from games.engine.record_check import RecordProblem, check
from games.engine.replay import frames
from games.engine.simulate import random_game

GAMES = [
    ("knockout", 6, {"exchange": True, "eliminated_vote": True, "no_trump_allowed": True}),
    ("knockout", 3, {"lead": "trump_chooser", "dogs_life": "once_per_player"}),
    ("whist", 4, {"honours": True, "rubber": True}),
    ("german", 2, {"games": 3}),
]
RECORDS = [random_game(make_rules(g, p, **o), seed=11) for g, p, o in GAMES]


@pytest.mark.parametrize("record", RECORDS, ids=[g[0] for g in GAMES])
def test_a_good_record_replays_event_by_event(record):
    replay = check(json.loads(json.dumps(record)))
    assert len(replay.steps) == sum(len(d["events"]) for d in record["deals"])
    assert replay.steps[-1].after.result == record["result"]
    assert replay_record(record) == []


@pytest.mark.parametrize("record", RECORDS, ids=[g[0] for g in GAMES])
def test_frames_start_each_deal_end_it_and_show_every_hand(record):
    shown = frames(check(record))
    deals = len(record["deals"])
    assert sum(f["kind"] == "deal" for f in shown) == deals
    assert sum(f["kind"] == "end" for f in shown) == deals
    first = shown[0]
    assert first["hands"] == [
        sorted(h, key=lambda c: (-"CDHS".index(c[1]), -"23456789TJQKA".index(c[0])))
        for h in record["deals"][0]["hands"]
    ]
    assert shown[-1]["phase"] == "over" and shown[-1]["result"] == record["result"]
    numbers = [f["number"] for f in shown if f["number"] is not None]
    assert numbers == sorted(set(numbers)) and len(numbers) == len(check(record).steps)


def test_the_end_frame_keeps_the_last_trick_on_the_table():
    shown = frames(check(RECORDS[3]))
    end = next(f for f in shown if f["kind"] == "end")
    last = RECORDS[3]["deals"][0]["tricks"][-1]
    assert end["trick"] == [] and end["last_trick"] == last
    assert end["outcome"] == RECORDS[3]["deals"][0]["outcome"]
    assert sum(end["tricks"]) == 13  # German Whist: the second half's tricks


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=4)
    | st.sampled_from(["AS", "10H", "NT", "play", "trump", "whist", 0, 1, 3, 51, 52]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=300, deadline=None)
@given(which=st.integers(0, 3), pick=st.integers(0, 10**9), new=JSON, delete=st.booleans())
def test_any_damage_is_a_record_problem_or_still_a_good_record(which, pick, new, delete):
    record = copy.deepcopy(RECORDS[which])
    paths = [p for p in _paths(record) if p]
    path = paths[random.Random(pick).randrange(len(paths))]
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    try:
        check(record)
    except RecordProblem as problem:
        assert str(problem) and problem.code
