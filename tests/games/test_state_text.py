"""A broadcast's state messages as text (games/reads/state_text.py): each byte for byte
`json.dumps` of the message, at every state of whole games of the three games, with the
messages built as games/reads/messages.py `state_messages` builds them; and the messages of
a broadcast share all but their own values, so that their common text is written once."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.presentation import present_views
from games.engine.views import table_views
from games.reads import state_text
from games.reads.messages import _message
from games.reads.state_text import state_texts

GAMES = [("knockout", 3), ("knockout", 4), ("whist", 4), ("german", 2)]


def broadcast(state, version: int, hidden: bool, name: str = "ann") -> list[dict]:
    """The spectator's message and each seat's, as `state_messages` builds them: one table
    part for the players (the spectator's without the invite), or one each (levels hidden)."""
    table = SimpleNamespace(version=version)
    seats = [{"index": i, "name": f"{name}{i}", "level": i} for i in range(state.players)]
    shared = {"id": 7, "invite": None, "seats": seats}
    players = {**shared, "invite": "token"}
    spectator, views = table_views(state, range(state.players))
    present_views(spectator, views)
    parts = [{**players, "seats": [dict(s) for s in seats]} for _ in views] if hidden else None
    seated = [
        _message(table, seat, parts[seat] if parts else players, view)
        for seat, view in enumerate(views)
    ]
    return [_message(table, None, shared, spectator), *seated]


def states(game: str, players: int, seed: int):
    rng = random.Random(seed)
    state = new_game(make_rules(game, players), seed=seed)
    while True:
        yield state
        if state.over:
            return
        state = apply(state, rng.choice(legal_actions(state, resign_too=rng.random() < 0.005)))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_each_text_is_json_dumps_of_its_message_at_every_state(game, players):
    for seed in range(3):
        for version, state in enumerate(states(game, players, seed)):
            sent = broadcast(state, version, hidden=seed == 1)
            assert state_texts(sent) == [json.dumps(m) for m in sent]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_broadcasts_messages_share_all_but_their_own_values(game, players):
    for version, state in enumerate(states(game, players, 4)):
        sent = broadcast(state, version, hidden=False)
        layout = state_text._layout(sent[0])
        assert layout is not None
        assert all(layout.fits(m) for m in sent)


def test_a_marker_elsewhere_in_the_text_or_a_copied_value_is_written_whole():
    state = next(states("whist", 4, 0))
    sent = broadcast(state, 3, hidden=False, name='a"\x00')  # in the table parts: no matter
    assert state_text._layout(sent[0]) is not None
    assert state_texts(sent) == [json.dumps(m) for m in sent]
    sent[0]["view"]["options"]["note"] = 'a"\x00'  # the views' one options dict
    assert state_text._layout(sent[0]) is None
    assert state_texts(sent) == [json.dumps(m) for m in sent]
    sent = broadcast(state, 3, hidden=False)
    sent[2] = {**sent[2], "view": {**sent[2]["view"], "deal_tricks": [["copy"]]}}
    sent[3] = {**sent[3], "version": 4}
    assert not state_text._layout(sent[0]).fits(sent[2])
    assert state_texts(sent) == [json.dumps(m) for m in sent]


def test_messages_without_a_view_are_written_whole():
    sent = [{"type": "state", "version": 1, "seat": None, "table": {"id": 1}, "view": None}]
    assert state_texts(sent) == [json.dumps(sent[0])]
    assert state_texts([]) == []


@pytest.mark.parametrize(
    "value",
    [
        {"a": [1, 2.5, None, True, "é\x00"], "b": {"c": float("inf")}},
        'x"y',
        [],
        {},
        3,
        1.0,
        {1: 2, None: 3, False: 4, 2.5: 5},
        ["\u2660", {"tip": "Play the ♠K"}],
    ],
)
def test_each_value_is_written_as_json_dumps_writes_it(value):
    assert state_text.encode(value) == json.dumps(value)
