"""2,000 simulated records replay cleanly through the engine and through the independent checker."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engine.record import replay_record
from tests.corpus.generate import corpus
from tests.independent.replay import check_record

pytestmark = pytest.mark.xdist_group("corpus")  # one worker: the corpus is generated once


@pytest.fixture(scope="module")
def records() -> list[dict]:
    # Through JSON, as the command line writes them.
    return [json.loads(json.dumps(r)) for r in corpus(2000)]


def test_corpus_covers_every_way_a_game_ends(records):
    reasons = Counter((r["game"], r["result"]["reason"]) for r in records)
    expected = {
        ("knockout", "final_trick"), ("knockout", "sweep"), ("knockout", "last_player"),
        ("knockout", "rainbow"), ("whist", "target"), ("whist", "rubber"), ("german", "majority"),
    }  # fmt: skip
    assert expected <= set(reasons)
    assert {len(r["seats"]) for r in records if r["game"] == "knockout"} == set(range(2, 8))


def test_engine_replay_agrees_with_every_record(records):
    problems = [(i, p) for i, r in enumerate(records) for p in replay_record(r)]
    assert problems == []


def test_independent_replay_from_rules_md_agrees_with_every_record(records):
    problems = [p for i, r in enumerate(records) for p in check_record(i, r)]
    assert problems == []


def test_independent_replay_notices_a_changed_trick_winner(records):
    record = json.loads(json.dumps(records[0]))
    trick = record["deals"][0]["tricks"][0]
    trick["winner"] = next(s for s, _ in trick["plays"] if s != trick["winner"])
    assert check_record(0, record)
    assert replay_record(record)
