"""docs/rules.md §1 Knockout Whist: who wins, the order of precedence, the ranking, resigning."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, actions, apply, legal_actions

from .helpers import deck, knockout, run
from .test_knockout_dogs import ROUND_1, ROUND_1_PLAY

# Four players, one card: the trick example of docs/rules.md §0.3 (hearts trump, seat 2 wins).
ONE_CARD = deck(4, 3, ["KS", "3S", "2H", "AS"], turned="5H")
ONE_CARD_PLAY = "0:KS 1:3S 2:2H 3:AS"
# Two players, two cards: seat 1 takes both tricks.
SWEEP = deck(2, 0, ["2S 3S", "AS KS"], turned="2D")
SWEEP_PLAY = "1:AS 0:2S 1:KS 0:3S"


def test_final_trick_of_the_one_card_round_wins():
    s = run(knockout(4, 3, [ONE_CARD], start_cards=1), ONE_CARD_PLAY)
    assert s.over
    assert s.result["winners"] == [2]
    assert s.result["reason"] == "final_trick"
    assert s.history[-1].outcome["out"] == [0, 1, 3]
    assert s.history[-1].outcome["dogs_life"] == []


def test_one_player_left_after_knock_outs_wins():
    s = run(knockout(2, 0, [SWEEP], start_cards=2, dogs_life="off"), SWEEP_PLAY)
    assert s.result == {"winners": [1], "ranking": [[1], [0]], "reason": "last_player"}
    assert s.history[-1].outcome["out"] == [0]


def test_precedence_final_trick_over_sweep_and_last_player():
    # Seat 1 takes the only trick of the last round: a sweep, and seat 0 has no trick.
    last = deck(2, 0, ["2S", "AS"], turned="2D")
    s = knockout(2, 0, [last], start_cards=1, dogs_life="off", sweep_wins=True)
    s = run(s, "1:AS 0:2S")
    assert s.result["reason"] == "final_trick"


def test_precedence_sweep_over_last_player():
    s = knockout(2, 0, [SWEEP], start_cards=2, dogs_life="off", sweep_wins=True)
    s = run(s, SWEEP_PLAY)
    assert s.result["reason"] == "sweep"
    assert s.result["winners"] == [1]


def test_ranking_winner_then_players_still_in_share_second_place():
    s = run(knockout(4, 3, [ONE_CARD], start_cards=1), ONE_CARD_PLAY)
    assert s.result["ranking"] == [[2], [0, 1, 3]]


# Four players, three cards, dog's life off. Round 1: seats 1, 2, 3 take a trick each,
# seat 0 none. The cut gives seat 3 the choice of trump for round 2, in which seat 2 takes
# both tricks: seats 1 and 3 are out in the same round.
FOUR_1 = deck(4, 0, ["4S 4C 3H", "AS 2C 4H", "2S AC 2H", "3S 3C AH"], turned="2D")
FOUR_1_PLAY = "1:AS 2:2S 3:3S 0:4S 1:2C 2:AC 3:3C 0:4C 2:2H 3:AH 0:3H 1:4H"
FOUR_2 = deck(4, 1, ["", "4C 5C", "AS KS", "2C 3C"])
FOUR_2_PLAY = "3:trump=S 2:AS 3:2C 1:4C 2:KS 3:3C 1:5C"


def test_ranking_later_knock_out_ranks_higher_same_round_shares_a_place():
    s = knockout(4, 0, [FOUR_1, FOUR_2], cuts={1: "2C 3C 4C"}, start_cards=3, dogs_life="off")
    s = run(s, f"{FOUR_1_PLAY} {FOUR_2_PLAY}")
    assert s.history[0].outcome["out"] == [0]
    assert s.result["reason"] == "last_player"
    assert s.result["ranking"] == [[2], [1, 3], [0]]
    assert s.result["winners"] == [2]


def test_ranking_resigned_last_an_earlier_resignation_lower():
    s = knockout(4, 3, [ONE_CARD], start_cards=1)
    s = run(s, "3:resign 0:resign")
    s = run(s, ONE_CARD_PLAY)
    assert s.result["winners"] == [2]
    assert s.result["ranking"] == [[2], [1], [0], [3]]


def test_resigning_knockout_player_seat_is_played_on_unchanged():
    s = knockout(4, 3, [ONE_CARD], start_cards=1)
    before = legal_actions(s, resign_too=False)
    s = run(s, "0:resign")
    assert s.to_act == 0 and not s.over
    assert legal_actions(s) == before  # no second resignation on offer
    s = run(s, ONE_CARD_PLAY)
    assert s.result["winners"] == [2]


def test_resign_one_active_player_left_who_has_not_resigned_wins_at_end_of_round():
    s = knockout(3, 0, [ROUND_1], start_cards=4)
    s = run(s, "0:resign 2:resign")
    assert not s.over
    s = run(s, ROUND_1_PLAY)
    assert s.result["reason"] == "resign"
    assert s.result["winners"] == [1]
    assert s.result["ranking"] == [[1], [2], [0]]


def test_resign_twice_refused():
    s = run(knockout(4, 3, [ONE_CARD], start_cards=1), "0:resign")
    with pytest.raises(IllegalAction) as refused:
        apply(s, actions.resign(0))
    assert refused.value.code == "cannot_resign"


def test_knocked_out_player_cannot_resign():
    s = knockout(4, 0, [FOUR_1, FOUR_2], cuts={1: "2C 3C 4C"}, start_cards=3, dogs_life="off")
    s = run(s, FOUR_1_PLAY)
    assert actions.resign(0) not in legal_actions(s, 0)
    with pytest.raises(IllegalAction) as refused:
        apply(s, actions.resign(0))
    assert refused.value.code == "cannot_resign"
