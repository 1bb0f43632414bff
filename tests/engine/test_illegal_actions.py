"""One legality oracle: `apply` refuses what `legal_actions` does not offer, naming why."""

from __future__ import annotations

import copy

import pytest

from games.engine import IllegalAction, actions, apply, legal_actions, make_rules, new_game
from games.engine.state import fields

from .helpers import SUIT, cards, deck, knockout, run
from .test_knockout_dogs import ROUND_1, ROUND_1_PLAY, ROUND_2
from .test_knockout_variants import VOTE_1, VOTE_1_PLAY, VOTE_2

TWO_CARDS = deck(4, 3, ["KS 2C", "3S AH", "2H 5C", "AS 6C"], turned="5H")


def play_action(seat: int, card: int) -> actions.Action:
    return actions.Action("play", seat, card=card)


def refused(state, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    return caught.value.code


def test_not_your_turn():
    s = knockout(4, 3, [TWO_CARDS], start_cards=2)
    assert s.to_act == 0
    assert refused(s, play_action(1, cards("3S")[0])) == "not_your_turn"


def test_must_follow_suit():
    s = run(knockout(4, 3, [TWO_CARDS], start_cards=2), "0:KS")
    assert refused(s, play_action(1, cards("AH")[0])) == "must_follow_suit"


def test_card_not_in_hand():
    s = knockout(4, 3, [TWO_CARDS], start_cards=2)
    assert refused(s, play_action(0, cards("AS")[0])) == "card_not_in_hand"
    assert refused(s, actions.Action("play", 0, card=52)) == "card_not_in_hand"


def test_wrong_phase_play_while_trump_is_chosen():
    s = run(knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4), ROUND_1_PLAY)
    assert s.phase == "trump"
    assert refused(s, play_action(1, cards("KC")[0])) == "wrong_phase"
    assert refused(s, actions.choose("vote", 1, SUIT["S"])) == "wrong_phase"


def test_wrong_phase_trump_choice_or_exchange_during_play():
    s = knockout(4, 3, [TWO_CARDS], start_cards=2)
    assert refused(s, actions.choose("trump", 0, SUIT["S"])) == "wrong_phase"
    assert refused(s, actions.Action("exchange", 0, discard=())) == "wrong_phase"


def test_wrong_phase_trump_choice_while_votes_are_cast():
    s = knockout(6, 0, [VOTE_1, VOTE_2], cuts={1: "KC KD"}, start_cards=2, dogs_life="off",
                 eliminated_vote=True)  # fmt: skip
    s = run(s, VOTE_1_PLAY)
    assert s.phase == "vote"
    assert refused(s, actions.choose("trump", 2, SUIT["S"])) == "wrong_phase"


def test_cannot_knock_without_a_dogs_life():
    s = knockout(4, 3, [TWO_CARDS], start_cards=2)
    assert refused(s, actions.knock(0)) == "cannot_knock"


def test_game_over():
    s = run(knockout(4, 3, [deck(4, 3, ["KS", "3S", "2H", "AS"], turned="5H")], start_cards=1),
            "0:KS 1:3S 2:2H 3:AS")  # fmt: skip
    assert s.over
    assert legal_actions(s) == []
    assert refused(s, play_action(0, cards("KS")[0])) == "game_over"
    assert refused(s, actions.resign(1)) == "game_over"


def test_not_an_action_is_malformed():
    s = knockout(4, 3, [TWO_CARDS], start_cards=2)
    assert refused(s, {"seat": 0, "action": "play", "card": "KS"}) == "malformed"


def test_refusal_leaves_the_state_unchanged():
    s = run(knockout(4, 3, [TWO_CARDS], start_cards=2), "0:KS")
    before = copy.deepcopy(fields(s))
    for bad in (play_action(1, cards("AH")[0]), play_action(2, cards("2H")[0]), actions.knock(1)):
        with pytest.raises(IllegalAction):
            apply(s, bad)
    assert fields(s) == before


@pytest.mark.parametrize(
    ("rules", "script"),
    [
        (make_rules("knockout", 3, start_cards=4, exchange=True),
         "1:exchange=3C 2:exchange= 0:exchange=AC 1:AS 2:4S 0:7S 1:KS 2:resign"),
        (make_rules("whist", rubber=True), "1:resign"),
    ],
)  # fmt: skip
def test_apply_never_mutates_its_input_state(rules, script):
    from games.engine import ScriptedSource

    s = new_game(rules, source=ScriptedSource(0, (ROUND_1,)))
    for token in script.split():
        # `undo` (the state before a trick's last card, for a take-back) is a State, which
        # compares by identity: it must stay the same object, itself unchanged.
        undo = s.undo
        before = copy.deepcopy({k: v for k, v in fields(s).items() if k != "undo"})
        undo_before = copy.deepcopy(fields(undo)) if undo is not None else None
        after = run(s, token)
        assert {k: v for k, v in fields(s).items() if k != "undo"} == before
        assert s.undo is undo and (undo is None or fields(undo) == undo_before)
        assert after is not s
        s = after


def test_apply_never_mutates_knock_trump_and_vote():
    s = knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4)
    s = run(s, ROUND_1_PLAY)
    for token in ("1:trump=H", "2:knock", "0:3C"):
        before = copy.deepcopy(fields(s))
        after = run(s, token)
        assert fields(s) == before and fields(after) != before
        s = after
    v = knockout(6, 0, [VOTE_1, VOTE_2], cuts={1: "KC KD"}, start_cards=2, dogs_life="off",
                 eliminated_vote=True)  # fmt: skip
    v = run(v, VOTE_1_PLAY)
    before = copy.deepcopy(fields(v))
    run(v, "2:vote=S")
    assert fields(v) == before
