"""docs/rules.md §0.3, common to all three games: how a trick is played and won."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, apply
from games.engine import actions as A
from games.engine.state import trick_winner

from .helpers import SUIT, cards, deck, hand, knockout, legal_cards, run


def four_players(hands: list[str], turned: str):
    """Knockout, four players, dealer 3 so seat 0 leads; `turned` fixes trump."""
    return knockout(4, 3, [deck(4, 3, hands, turned=turned)], start_cards=len(hands[0].split()))


def test_trick_example_from_rules_seat_2_wins_with_small_trump():
    # Hearts trump; seat 0 leads KS, seat 1 plays 3S, seat 2 (no spades) 2H, seat 3 AS.
    s = four_players(["KS", "3S", "2H", "AS"], turned="5H")
    assert s.trump == SUIT["H"]
    s = run(s, "0:KS 1:3S 2:2H 3:AS")
    assert s.last_trick.winner == 2
    assert s.result["winners"] == [2]


def test_trick_example_from_rules_as_a_function():
    plays = tuple(zip(range(4), cards("KS 3S 2H AS"), strict=True))
    assert trick_winner(plays, SUIT["H"]) == 2


def test_leader_may_lead_any_card():
    s = four_players(["KS 2C 9D", "3S 4C TD", "2H 5C JD", "AS 6C QD"], turned="5H")
    assert legal_cards(s) == ["2C", "9D", "KS"]


def test_must_follow_suit():
    s = four_players(["KS 2C", "3S AH", "2H 5C", "AS 6C"], turned="5H")
    s = run(s, "0:KS")
    assert legal_cards(s) == ["3S"]
    with pytest.raises(IllegalAction) as refused:
        apply(s, A.play(1, cards("AH")[0]))
    assert refused.value.code == "must_follow_suit"


def test_player_without_the_led_suit_may_play_any_card():
    s = four_players(["KS 2C", "3S AH", "2H 5C", "AS 6C"], turned="5H")
    s = run(s, "0:KS 1:3S")
    assert legal_cards(s) == ["2H", "5C"]


def test_no_obligation_to_trump_or_overtrump():
    # Hearts trump. Seat 1 has no spades and need not trump; seat 2 need not overtrump.
    s = four_players(["KS 2C", "5H 3C", "9H 3D", "AS 6C"], turned="4H")
    s = run(s, "0:KS")
    assert legal_cards(s) == ["3C", "5H"]
    s = run(s, "1:5H")
    assert legal_cards(s) == ["3D", "9H"]
    s = run(s, "2:3D 3:AS")
    assert s.last_trick.winner == 1


def test_highest_trump_wins():
    s = four_players(["KS 2C", "5H 3C", "9H 3D", "AS 6C"], turned="4H")
    s = run(s, "0:KS 1:5H 2:9H 3:AS")
    assert s.last_trick.winner == 2


def test_without_trump_highest_card_of_the_led_suit_wins():
    # Hearts trump, none played: the ace of diamonds (not led) does not win.
    s = four_players(["5S 2C", "AD 3C", "9S 3D", "2S 6C"], turned="4H")
    s = run(s, "0:5S 1:AD 2:9S 3:2S")
    assert s.last_trick.winner == 2


def test_winner_leads_the_next_trick():
    s = four_players(["5S 2C", "AD 3C", "9S 3D", "2S 6C"], turned="4H")
    s = run(s, "0:5S 1:AD 2:9S 3:2S")
    assert s.to_act == 2
    assert legal_cards(s) == sorted(hand(s, 2))


def test_others_follow_clockwise():
    s = four_players(["5S 2C", "AD 3C", "9S 3D", "2S 6C"], turned="4H")
    order = []
    for card in ("5S", "AD", "9S", "2S"):
        order.append(s.to_act)
        s = run(s, card)
    assert order == [0, 1, 2, 3]
    s = run(s, "2:3D")
    assert s.to_act == 3
