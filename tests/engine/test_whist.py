"""docs/rules.md §2 Whist: four players in two partnerships, to `target`, honours, rubbers."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, actions, apply, legal_actions
from games.engine.whist import turned_public

from .helpers import SUIT, deck, fill, game, hand, hands_from_tricks, names, play_tricks, run

# A hand record in which every trick but the last is four cards of one suit (clubs, then
# diamonds, hearts, spades, three tricks each), so any seat can be made to win any trick:
# the winner holds the top card of the four and its partner the next. The last trick is
# the four twos; its winner holds the two of trumps. Trump is spades.
PLAIN = ("A K Q J", "T 9 8 7", "6 5 4 3")
# The same spades, arranged so that the winners of tricks 10 and 11 (and their partners)
# hold the honours: all four, or (with the winner of trick 12 holding the jack) three.
HONOURS_4 = ("A K 9 8", "Q J 7 6", "T 5 4 3")
HONOURS_3 = ("A K 9 8", "Q T 7 6", "J 5 4 3")


def record(winners: str, spades=PLAIN) -> list[str]:
    """Thirteen tricks as text, trick i won by seat `winners[i]` (13 digits)."""
    assert len(winners) == 13
    lines = []
    for i, w in enumerate(map(int, winners[:12])):
        suit = "CDHS"[i // 3]
        group = (spades if suit == "S" else PLAIN)[i % 3].split()
        seats = [w, (w + 2) % 4, (w + 1) % 4, (w + 3) % 4]
        lines.append(" ".join(f"{p}:{r}{suit}" for p, r in zip(seats, group, strict=True)))
    w = int(winners[12])
    twos = ["2S", "2C", "2D", "2H"]
    seats = [w] + [p for p in range(4) if p != w]
    lines.append(" ".join(f"{p}:{c}" for p, c in zip(seats, twos, strict=True)))
    return lines


def whist_deck(dealer: int, tricks: list[str]) -> tuple[int, ...]:
    """The deal of a hand record; the dealer's last card, one of its spades, is turned."""
    held = hands_from_tricks(4, tricks)
    spade = next(c for c in held[dealer].split() if c.endswith("S"))
    return deck(4, dealer, hands_from_tricks(4, tricks, last={dealer: spade}))


def whist(dealer: int, winners: list[str], **options):
    """A Whist match whose hands go as `winners` (one 13-digit string per hand)."""
    decks = [whist_deck((dealer + i) % 4, record(w)) for i, w in enumerate(winners)]
    return game("whist", 4, dealer, decks, **options)


def whist_with(dealer: int, hands: list[tuple[str, tuple[str, ...]]], **options):
    decks = [whist_deck((dealer + i) % 4, record(w, sp)) for i, (w, sp) in enumerate(hands)]
    return game("whist", 4, dealer, decks, **options)


def play_hands(state, winners: list[str], spades: list[tuple[str, ...]] | None = None):
    for i, w in enumerate(winners):
        state = play_tricks(state, record(w, (spades or [PLAIN] * len(winners))[i]))
    return state


SWEEP_0 = "0" * 13  # side 0 (seats 0 and 2) takes all 13 tricks
SWEEP_1 = "1" * 13
TEN_0 = "0202020202131"  # side 0 takes 10, side 1 takes 3
SEVEN_0 = "0202020131313"
SEVEN_1 = "1313131020202"
NINE_1 = "1313131310202"


def tricks_of(winners: str) -> list[int]:
    side0 = sum(int(c) % 2 == 0 for c in winners)
    return [side0, 13 - side0]


def test_hand_records_used_below_take_the_tricks_they_say():
    assert tricks_of(SEVEN_0) == [7, 6] and tricks_of(SEVEN_1) == [6, 7]
    assert tricks_of(TEN_0) == [10, 3] and tricks_of(NINE_1) == [4, 9]
    assert tricks_of(SEVEN_1_HONOURS) == [6, 7] and tricks_of(SEVEN_1_HONOURS_3) == [6, 7]


# --- deal and play ---------------------------------------------------------------------

DECK = fill(
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    " AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
)


def test_all_52_cards_dealt_one_at_a_time_clockwise_from_dealers_left():
    s = game("whist", 4, 2, [DECK])
    assert names(s.deal_hands[3][:3]) == ["AS", "TS", "6S"]  # cards 1, 5, 9
    assert names(s.deal_hands[0][:2]) == ["KS", "9S"]
    assert names(s.deal_hands[2][-1:]) == ["2C"]  # the 52nd card is the dealer's
    assert all(len(h) == 13 for h in s.deal_hands)


def test_dealers_last_card_is_turned_and_fixes_trump():
    s = game("whist", 4, 2, [DECK])
    assert names([s.turned]) == ["2C"]
    assert s.trump == SUIT["C"]
    assert "2C" in hand(s, 2)  # it is the dealer's card


def test_turned_card_face_up_until_the_dealers_first_turn():
    s = game("whist", 4, 2, [DECK])
    assert turned_public(s)
    s = run(s, "3:AS 0:KS")
    assert turned_public(s)
    s = run(s, "1:QS")
    assert s.to_act == 2 and not turned_public(s)


def test_player_left_of_dealer_leads():
    assert game("whist", 4, 2, [DECK]).to_act == 3
    assert game("whist", 4, 3, [DECK]).to_act == 0


def test_hand_has_13_tricks_and_partners_tricks_count_together():
    s = play_hands(whist(0, [SEVEN_0], target=15), [SEVEN_0])
    assert len(s.history[0].tricks) == 13
    assert s.history[0].outcome["tricks"] == [7, 6]


# --- score -----------------------------------------------------------------------------


def test_seven_tricks_score_one_point():
    s = play_hands(whist(0, [SEVEN_0]), [SEVEN_0])
    assert s.history[0].outcome == {
        "tricks": [7, 6], "points": [1, 0], "honours": [0, 0], "score": [1, 0]
    }  # fmt: skip


def test_ten_tricks_score_four_points():
    s = play_hands(whist(0, [TEN_0]), [TEN_0])
    assert s.history[0].outcome["points"] == [4, 0]


def test_other_side_scores_nothing():
    s = play_hands(whist(1, [SEVEN_1]), [SEVEN_1])
    assert s.history[0].outcome["points"] == [0, 1]
    assert s.scores == (0, 1)


def test_game_won_at_target_5_by_default_after_a_complete_hand():
    hands = [TEN_0, SEVEN_1, SEVEN_0]
    s = whist(0, hands)
    s = play_hands(s, hands[:2])
    assert not s.over and s.scores == (4, 1)
    s = play_hands(s, hands[2:])
    assert s.result == {
        "winners": [0, 2], "ranking": [[0, 2], [1, 3]], "reason": "target", "games": [[5, 1]]
    }  # fmt: skip


def test_target_7_american():
    hands = [TEN_0, SEVEN_0, SEVEN_0, SEVEN_1]
    s = play_hands(whist(0, hands, target=7), hands[:3])
    assert not s.over and s.scores == (6, 0)
    s = play_hands(whist(0, [TEN_0, TEN_0], target=7), [TEN_0, TEN_0])
    assert s.result["games"] == [[8, 0]]


def test_scores_recorded_as_they_are_even_beyond_target():
    s = play_hands(whist(0, [SWEEP_0]), [SWEEP_0])
    assert s.result["games"] == [[7, 0]]


def test_deal_passes_left_after_each_hand():
    hands = [TEN_0, SEVEN_1, SEVEN_0]
    s = play_hands(whist(3, hands), hands)
    assert [d.dealer for d in s.history] == [3, 0, 1]


# --- honours ---------------------------------------------------------------------------

# Side 1 takes seven tricks (one point); side 0's seats hold the trump honours.
SEVEN_1_HONOURS = "1313131020202"
SEVEN_1_HONOURS_3 = "1313130202012"


def test_honours_all_four_score_4():
    s = whist_with(0, [(SEVEN_1_HONOURS, HONOURS_4)], honours=True)
    assert s.honours_held == (4, 0)
    s = play_hands(s, [SEVEN_1_HONOURS], [HONOURS_4])
    assert s.history[0].outcome == {
        "tricks": [6, 7], "points": [0, 1], "honours": [4, 0], "score": [4, 1]
    }  # fmt: skip


def test_honours_three_score_2():
    s = whist_with(0, [(SEVEN_1_HONOURS_3, HONOURS_3)], honours=True)
    assert s.honours_held == (3, 1)
    s = play_hands(s, [SEVEN_1_HONOURS_3], [HONOURS_3])
    assert s.history[0].outcome["honours"] == [2, 0]
    assert s.scores == (2, 1)


def test_honours_off_by_default():
    s = whist_with(0, [(SEVEN_1_HONOURS, HONOURS_4)])
    s = play_hands(s, [SEVEN_1_HONOURS], [HONOURS_4])
    assert s.history[0].outcome["honours"] == [0, 0]


def test_honours_counted_on_the_cards_as_dealt():
    s = whist_with(0, [(SEVEN_1_HONOURS, HONOURS_4)], honours=True)
    s = play_tricks(s, record(SEVEN_1_HONOURS, HONOURS_4)[:11])  # the honours are played
    assert s.honours_held == (4, 0)


def test_trick_points_first_then_no_honours():
    # Side 0 takes eleven tricks: five points, the target. Side 1 held three honours.
    winners = "020202020" + "13" + "02"
    s = whist_with(0, [(winners, HONOURS_3)], honours=True)
    assert s.honours_held == (1, 3)
    s = play_hands(s, [winners], [HONOURS_3])
    assert s.history[0].outcome["points"] == [5, 0]
    assert s.history[0].outcome["honours"] == [0, 0]
    assert s.result["games"] == [[5, 0]]


def test_side_at_target_minus_1_cannot_score_honours():
    hands = [(TEN_0, PLAIN), (SEVEN_1_HONOURS, HONOURS_4)]
    s = whist_with(0, hands, honours=True)
    s = play_hands(s, [TEN_0, SEVEN_1_HONOURS], [PLAIN, HONOURS_4])
    assert s.history[1].outcome["honours"] == [0, 0]
    assert s.scores == (4, 1) and not s.over


def test_honours_can_win_the_game():
    # Side 0 takes nine tricks (three points), then side 1 seven while side 0 holds all
    # four honours: 3 + 4 = 7 points, past the target of 5.
    first = "020202020" + "1313"
    hands = [(first, PLAIN), (SEVEN_1_HONOURS, HONOURS_4)]
    assert tricks_of(first) == [9, 4]
    s = whist_with(0, hands, honours=True)
    s = play_hands(s, [first, SEVEN_1_HONOURS], [PLAIN, HONOURS_4])
    assert s.history[1].outcome["honours"] == [4, 0]
    assert s.result["winners"] == [0, 2]
    assert s.result["games"] == [[7, 1]]


# --- match and rubber ------------------------------------------------------------------


def test_without_rubber_the_match_is_one_game():
    s = play_hands(whist(0, [SWEEP_0]), [SWEEP_0])
    assert s.over and s.result["reason"] == "target"
    assert "rubber_score" not in s.result


def test_rubber_ends_as_soon_as_a_side_has_won_two():
    s = play_hands(whist(0, [SWEEP_0, SWEEP_0], rubber=True), [SWEEP_0, SWEEP_0])
    assert s.result["reason"] == "rubber"
    assert s.result["games"] == [[7, 0], [7, 0]]
    assert s.result["rubber_score"] == [3 + 3 + 2, 0]


def test_rubber_best_of_three_game_values_3_2_1_plus_2():
    # Game 1: 7-1 (losers had 1: worth 2). Game 2: 0-7 to side 1 (worth 3). Game 3: 7-3
    # (losers had 3: worth 1). Side 0 wins the rubber: 2 + 1 + 2; side 1: 3.
    hands = [SEVEN_1, SWEEP_0, SWEEP_1, NINE_1, SWEEP_0]
    s = whist(0, hands, rubber=True)
    s = play_hands(s, hands[:3])
    assert not s.over and s.wins == (1, 1)
    s = play_hands(s, hands[3:])
    assert s.result == {
        "winners": [0, 2],
        "ranking": [[0, 2], [1, 3]],
        "reason": "rubber",
        "games": [[7, 1], [0, 7], [7, 3]],
        "rubber_score": [5, 3],
    }


def test_deal_keeps_passing_left_from_game_to_game():
    hands = [SEVEN_1, SWEEP_0, SWEEP_1, NINE_1, SWEEP_0]
    s = play_hands(whist(2, hands, rubber=True), hands)
    assert [d.dealer for d in s.history] == [2, 3, 0, 1, 2]


def test_new_game_starts_from_zero():
    hands = [SEVEN_1, SWEEP_0, SEVEN_0]
    s = play_hands(whist(0, hands, rubber=True), hands)
    assert s.history[2].outcome["score"] == [1, 0]


# --- resigning -------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_resign_the_resigning_side_loses_the_match_at_once(seat):
    s = game("whist", 4, 2, [DECK])
    s = apply(s, actions.resign(seat))  # any seat, also out of turn
    side = 1 - seat % 2
    assert s.result["winners"] == [side, side + 2]
    assert s.result["reason"] == "resign"
    assert s.history[-1].outcome is None


def test_resign_after_a_finished_game_lists_the_games_before_it():
    s = play_hands(whist(0, [SWEEP_0], rubber=True), [SWEEP_0])
    s = apply(s, actions.resign(0))
    assert s.result["winners"] == [1, 3]
    assert s.result["games"] == [[7, 0]]


def test_whist_has_no_knock():
    s = game("whist", 4, 2, [DECK])
    assert {a.kind for a in legal_actions(s)} == {"play", "resign"}
    with pytest.raises(IllegalAction) as refused:
        apply(s, actions.knock(3))
    assert refused.value.code == "cannot_knock"
