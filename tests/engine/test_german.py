"""docs/rules.md §3 German Whist: a first half drawing from the talon, a second half that counts."""

from __future__ import annotations

import pytest

from games.engine import actions, apply

from .helpers import SUIT, deck, finish_deal, game, hand, legal_cards, names, play_until, run

# Seat 0 holds every spade, seat 1 every heart; the talon (diamonds, then clubs) has the
# ace of diamonds on top. Seat 0 deals, so seat 1 leads.
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
TALON = "AD 3C QD KD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 2C"
SIMPLE = deck(2, 0, [SPADES, HEARTS], turned=TALON[:2], stock=TALON[3:])


def german(decks, dealer=0, **options):
    return game("german", 2, dealer, decks, **options)


# Deals found by letting both players play their lowest legal card every time. In OPPOSITE
# seat 0 takes ten first-half tricks but only four of the second half.
OPPOSITE = deck(
    2, 0,
    ["8S 4H 5H 3D TS 5S JH 8H 9C 3H JS 9S AD", "6C 8D 3S TC AS 4S TH 4C 9D 9H 2H KS 8C"],
    turned="7D",
    stock="7H QC QD 6H JC 5D KC 6S QS TD 7C JD 3C 2D 6D AH 2S AC 4D KH 2C KD 7S 5C QH",
)  # fmt: skip
# The same cards with the hands swapped, dealt by seat 1: seat 0 wins 9-4.
OPPOSITE_MIRROR = deck(
    2, 1,
    ["6C 8D 3S TC AS 4S TH 4C 9D 9H 2H KS 8C", "8S 4H 5H 3D TS 5S JH 8H 9C 3H JS 9S AD"],
    turned="7D",
    stock="7H QC QD 6H JC 5D KC 6S QS TD 7C JD 3C 2D 6D AH 2S AC 4D KH 2C KD 7S 5C QH",
)  # fmt: skip
# Dealt by seat 0, seat 0 wins 9-4; with the hands swapped and dealt by seat 1, seat 1 does.
SEAT_0_WINS = deck(
    2, 0,
    ["7D AH 6H AS 8D KH 6C 4S 2S 9D 5H TD 3H", "3C QH 5D AC 5S QD TC 2C QC 6D 4D JS 8S"],
    turned="KS",
    stock="JD 4H 2D 3D 7S 9H 7C 7H 8C 9S TS 8H QS JH AD JC KC 6S 5C 3S TH 2H 4C KD 9C",
)  # fmt: skip
SEAT_1_WINS = deck(
    2, 1,
    ["3C QH 5D AC 5S QD TC 2C QC 6D 4D JS 8S", "7D AH 6H AS 8D KH 6C 4S 2S 9D 5H TD 3H"],
    turned="KS",
    stock="JD 4H 2D 3D 7S 9H 7C 7H 8C 9S TS 8H QS JH AD JC KC 6S 5C 3S TH 2H 4C KD 9C",
)  # fmt: skip


def first_half(state) -> list[int]:
    log = state.history[-1].tricks[:13]
    return [sum(t.winner == p for t in log) for p in (0, 1)]


# --- deal ------------------------------------------------------------------------------


def test_deal_13_each_one_at_a_time():
    s = german([SIMPLE])
    assert [len(h) for h in s.deal_hands] == [13, 13]
    assert hand(s, 0) == set(SPADES.split()) and hand(s, 1) == set(HEARTS.split())
    assert SIMPLE[0] in s.deal_hands[1]  # seat 0 deals: the first card goes to seat 1


def test_other_26_cards_form_the_talon_top_card_turned_fixes_trump():
    s = german([SIMPLE])
    assert names([s.faceup]) == ["AD"] and names([s.turned]) == ["AD"]
    assert s.trump == SUIT["D"]
    assert len(s.stock) == 25  # the face-down talon below the turned card
    assert names(s.stock[:2]) == ["3C", "QD"]


def test_non_dealer_leads_the_first_trick():
    assert german([SIMPLE]).to_act == 1
    dealt_by_1 = deck(2, 1, [SPADES, HEARTS], turned=TALON[:2], stock=TALON[3:])
    assert german([dealt_by_1], dealer=1).to_act == 0


# --- first half ------------------------------------------------------------------------


def test_winner_takes_the_face_up_card_loser_the_next_then_the_next_is_turned():
    s = run(german([SIMPLE]), "1:2H 0:2S")  # seat 1 wins: hearts led, no trump played
    assert s.last_trick.winner == 1
    assert "AD" in hand(s, 1)
    assert "3C" in hand(s, 0)
    assert names([s.faceup]) == ["QD"]
    assert [h.bit_count() for h in s.hands] == [13, 13]


def test_winner_leads_the_next_trick():
    s = run(german([SIMPLE]), "1:2H 0:2S")
    assert s.to_act == 1
    s = run(s, "1:AD 0:3C")  # the ace of diamonds, trump, just taken from the talon
    assert s.last_trick.winner == 1 and s.to_act == 1


def test_follow_suit_in_the_first_half_with_the_cards_drawn():
    s = run(german([SIMPLE]), "1:2H 0:2S 1:3H")
    assert len(legal_cards(s)) == 13  # no heart: any card
    s = run(s, "0:3C")  # seat 1 wins again and takes QD; seat 0 draws KD unseen
    assert "KD" in hand(s, 0)
    s = run(s, "1:QD")
    assert legal_cards(s) == ["KD"]


def test_26_talon_cards_used_up_in_13_tricks_both_hold_13_again():
    s = play_until(german([OPPOSITE]), lambda st: len(st.trick_log) == 13)
    assert s.half == 2
    assert s.stock == () and s.faceup == -1
    assert [h.bit_count() for h in s.hands] == [13, 13]


def test_turned_suit_is_trump_for_the_whole_game():
    s = german([OPPOSITE])
    assert s.trump == SUIT["D"]
    s = play_until(s, lambda st: len(st.trick_log) == 20)
    assert s.trump == SUIT["D"]
    assert all(t.winner == trick_winner_d(t) for t in s.trick_log)


def trick_winner_d(trick) -> int:
    (p, a), (q, b) = trick.plays
    if b // 13 == a // 13:
        return p if a > b else q
    return q if b // 13 == SUIT["D"] else p


# --- second half and the game -----------------------------------------------------------


def test_only_second_half_tricks_count_seven_or_more_wins():
    s = finish_deal(german([OPPOSITE]))
    assert first_half(s) == [10, 3]
    assert s.history[0].outcome == {"tricks": [4, 9]}
    assert s.result["winners"] == [1]
    assert s.result["games"] == [[4, 9]]
    assert s.result["reason"] == "majority"
    assert len(s.history[0].tricks) == 26


def test_second_half_has_no_drawing():
    s = play_until(german([OPPOSITE]), lambda st: len(st.trick_log) == 13)
    s = play_until(s, lambda st: len(st.trick_log) == 14)
    assert [h.bit_count() for h in s.hands] == [12, 12]


# --- match -----------------------------------------------------------------------------


def test_match_of_one_game_by_default():
    s = finish_deal(german([SEAT_0_WINS]))
    assert s.over and s.result == {
        "reason": "majority", "games": [[9, 4]], "winners": [0], "ranking": [[0], [1]]
    }  # fmt: skip


def test_match_ends_as_soon_as_a_player_has_won_more_than_half():
    s = german([SEAT_0_WINS, OPPOSITE_MIRROR, SEAT_0_WINS], games=3)
    s = finish_deal(s)
    assert not s.over
    s = finish_deal(s)
    assert s.over
    assert s.result["games"] == [[9, 4], [9, 4]]
    assert s.result["winners"] == [0]


def test_match_deal_alternates_each_game_from_a_fresh_deck():
    s = german([SEAT_0_WINS, SEAT_1_WINS, SEAT_0_WINS], games=3)
    s = finish_deal(s)
    assert s.dealer == 1 and s.to_act == 0  # the non-dealer leads again
    s = finish_deal(finish_deal(s))
    assert [d.dealer for d in s.history] == [0, 1, 0]


def test_match_after_the_last_game_the_player_who_won_more_wins():
    s = german([SEAT_0_WINS, SEAT_1_WINS, SEAT_0_WINS], games=3)
    s = finish_deal(finish_deal(s))
    assert not s.over and s.wins == (1, 1)
    s = finish_deal(s)
    assert s.result["winners"] == [0]
    assert s.result["games"] == [[9, 4], [4, 9], [9, 4]]


def test_match_even_count_can_end_in_a_draw():
    s = finish_deal(finish_deal(german([SEAT_0_WINS, SEAT_1_WINS], games=2)))
    assert s.result == {
        "reason": "majority", "games": [[9, 4], [4, 9]], "winners": [], "ranking": [[0, 1]]
    }  # fmt: skip


@pytest.mark.parametrize("seat", [0, 1])
def test_resign_loses_the_match_at_once(seat):
    s = german([SEAT_0_WINS, SEAT_1_WINS], games=3)
    s = finish_deal(s)
    s = apply(s, actions.resign(seat))
    assert s.result["winners"] == [1 - seat]
    assert s.result["reason"] == "resign"
    assert s.result["games"] == [[9, 4]]
