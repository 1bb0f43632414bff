"""Who may act now: a resigned Knockout Whist player's seat is the house's.

"In Knockout Whist a bot plays the resigning player's seat from then on, so play is
unchanged for the others" (docs/rules.md, common rules: resigning).
"""

from __future__ import annotations

import pytest

from games.engine import (
    Action,
    IllegalAction,
    apply,
    apply_by_player,
    legal_actions,
    make_rules,
    may_act,
    new_game,
    stand_in_to_act,
)


def knockout_with_seat_1_resigned():
    """A 3-player game where seat 1 resigned on its first turn; seat 1 is to act again."""
    state = new_game(make_rules("knockout", 3, start_cards=5), seed=3)
    while state.to_act != 1:
        state = apply(state, legal_actions(state, resign_too=False)[0])
    state = apply(state, Action("resign", 1))
    while state.to_act != 1:
        state = apply(state, legal_actions(state, resign_too=False)[0])
    return state


def test_the_seat_to_act_may_act_and_no_other_seat_may():
    state = new_game(make_rules("knockout", 4), seed=1)
    assert [may_act(state, s) for s in range(4)] == [s == state.to_act for s in range(4)]


def test_a_resigned_knockout_player_may_not_act_on_their_seats_turn():
    state = knockout_with_seat_1_resigned()
    assert not state.over and state.to_act == 1
    assert not may_act(state, 1)


def test_the_engine_refuses_a_move_by_a_resigned_knockout_player():
    state = knockout_with_seat_1_resigned()
    move = legal_actions(state, resign_too=False)[0]
    with pytest.raises(IllegalAction) as refused:
        apply_by_player(state, move)
    assert refused.value.code == "resigned"


def test_a_bot_plays_the_resigned_seat_from_the_same_legal_actions():
    state = knockout_with_seat_1_resigned()
    assert stand_in_to_act(state)
    moves = legal_actions(state, resign_too=False)
    assert moves and all(m.seat == 1 for m in moves)
    after = apply(state, moves[0])  # the stand-in's choice goes through the one door
    assert after.to_act != 1 or after.deal_no != state.deal_no


def test_play_is_unchanged_for_the_others_after_a_resignation():
    state = knockout_with_seat_1_resigned()
    while state.to_act == 1:
        state = apply(state, legal_actions(state, resign_too=False)[0])
    assert not stand_in_to_act(state)
    assert may_act(state, state.to_act)
    assert apply_by_player(state, legal_actions(state, resign_too=False)[0]) is not None


def test_nobody_may_act_once_the_game_is_over():
    state = new_game(make_rules("german"), seed=2)
    state = apply(state, Action("resign", 0))
    assert state.over
    assert not any(may_act(state, s) for s in range(2)) and not stand_in_to_act(state)


def test_whist_ends_at_a_resignation_so_no_seat_is_played_for_a_resigned_player():
    state = new_game(make_rules("whist"), seed=2)
    state = apply(state, Action("resign", state.to_act))
    assert state.over and not stand_in_to_act(state)
