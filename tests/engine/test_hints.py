"""Hints (issue 46 item 4; games/engine/bots/hint.py, games/engine/hints.py,
docs/game-record.md §4): the Expert's card from the asking seat's view, with a reason; the
record keeps the hint and replays show it."""

from __future__ import annotations

import random

import pytest

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.actions import HINT, PLAY, Action, IllegalAction
from games.engine.bots import choose_action, expert
from games.engine.bots.hint import REASONS, advise
from games.engine.cards import parse_card
from games.engine.record import to_record
from games.engine.record_check import check
from games.engine.replay import frames
from games.engine.views import seat_view


def repeatable(monkeypatch) -> None:
    """The Expert stops after a number of samples, not a time (which differs from run to run
    on a loaded machine): the same view and seed give the same card."""
    monkeypatch.setattr(expert, "BUDGET", 60.0)
    monkeypatch.setattr(expert, "MAX_SAMPLES", 24)


def positions(game: str, players: int, seed: int, plays: int):
    """States of one game with a card to play, after `plays` random cards at most."""
    state = new_game(make_rules(game, players), seed=seed)
    chooser = random.Random(seed)
    out = []
    while not state.over and len(out) < plays:
        options = legal_actions(state, state.to_act, resign_too=False)
        if options[0].kind == PLAY:
            out.append(state)
        state = apply(state, chooser.choice(options))
    return out


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2), ("knockout", 3)])
def test_a_hint_names_a_legal_card_equal_to_the_expert_bots_choice_from_that_view(
    game, players, monkeypatch
):
    repeatable(monkeypatch)
    for n, state in enumerate(positions(game, players, seed=11, plays=12)[::3]):
        view = seat_view(state, state.to_act)
        hint = advise(view, seed=n)
        assert Action(PLAY, state.to_act, card=parse_card(hint.card)) in legal_actions(state)
        assert hint.card == choose_action(view, "expert", seed=n)["card"]
        assert hint.reason in REASONS


def test_the_only_legal_card_is_hinted_as_the_only_card():
    state = next(
        s for s in positions("whist", 4, seed=5, plays=52)
        if len(legal_actions(s, s.to_act, resign_too=False)) == 1
    )  # fmt: skip
    assert advise(seat_view(state, state.to_act)).reason == "only_card"


def test_a_hint_for_a_card_the_seat_may_not_play_is_refused():
    state = positions("whist", 4, seed=3, plays=1)[0]
    other = (state.to_act + 1) % 4
    card = next(a for a in legal_actions(state) if a.kind == PLAY).card
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action(HINT, other, card=card))
    assert refused.value.code == "cannot_hint"


def test_the_record_holds_the_hint_and_the_replay_shows_it():
    state = positions("german", 2, seed=4, plays=1)[0]
    hint = advise(seat_view(state, state.to_act))
    asked = Action(HINT, state.to_act, card=parse_card(hint.card))
    after = apply(state, asked)
    assert after.hands == state.hands and after.to_act == state.to_act
    chooser = random.Random(2)
    state = after
    while not state.over:
        state = apply(state, chooser.choice(legal_actions(state, state.to_act, resign_too=False)))
    record = to_record(state)
    event = {"seat": asked.seat, "action": "hint", "card": hint.card}
    assert event in record["deals"][0]["events"]
    replay = check(record)
    assert replay.steps[-1].after.result == state.result
    assert [f for f in frames(replay) if f["event"] == event]
