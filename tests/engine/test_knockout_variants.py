"""docs/rules.md §1.7 Knockout Whist variants, each off by default."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, actions, apply, legal_actions

from .helpers import SUIT, cards, deck, fill, hand, knockout, names, play_until, run
from .test_knockout_dogs import ROUND_1, ROUND_1_PLAY, ROUND_2
from .test_knockout_round import CUTS as THREE_ROUND_CUTS
from .test_knockout_round import ROUND_1 as TWO_ROUND_1
from .test_knockout_round import ROUND_1_PLAY as TWO_ROUND_1_PLAY
from .test_knockout_round import ROUND_2 as TWO_ROUND_2
from .test_knockout_round import ROUND_2_PLAY as TWO_ROUND_2_PLAY


def legal_suits(state) -> list[int]:
    return [a.suit for a in legal_actions(state, resign_too=False)]


def discards(state) -> list[tuple[str, ...]]:
    return [tuple(names(a.discard)) for a in legal_actions(state, resign_too=False)]


# --- safe_first_round ----------------------------------------------------------------


def test_safe_first_round_nobody_out_and_no_dogs_life_used():
    s = knockout(3, 0, [ROUND_1, deck(3, 1, ["AD KD 5C", "AC KC QC", "2D 3D 4D"])],
                 start_cards=4, safe_first_round=True)  # fmt: skip
    s = run(s, ROUND_1_PLAY)
    assert s.history[0].outcome["tricks"] == [1, 3, 0]
    assert s.history[0].outcome["out"] == [] and s.history[0].outcome["dogs_life"] == []
    assert s.active == (True, True, True)
    assert s.dogs == () and s.dog_had == ()
    assert [len(h) for h in s.deal_hands] == [3, 3, 3]


def test_safe_first_round_dogs_life_still_available_in_round_2():
    s = knockout(3, 0, [ROUND_1, deck(3, 1, ["AD KD 5C", "AC KC QC", "2D 3D 4D"])],
                 start_cards=4, safe_first_round=True)  # fmt: skip
    s = run(s, f"{ROUND_1_PLAY} 1:trump=H 2:2D 0:AD 1:AC 0:KD 1:KC 2:3D 0:5C 1:QC 2:4D")
    assert s.history[1].outcome["tricks"] == [2, 1, 0]
    assert s.history[1].outcome["dogs_life"] == [2]


# --- lead: trump_chooser ---------------------------------------------------------------


def test_lead_trump_chooser_top_player_deals_and_leads():
    s = knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4, lead="trump_chooser")
    s = run(s, f"{ROUND_1_PLAY} 1:trump=S")
    assert s.dealer == 1
    assert s.to_act == 1  # not seat 2, the first active player on the dealer's left


def test_lead_left_of_dealer_is_the_default():
    s = knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4)
    s = run(s, f"{ROUND_1_PLAY} 1:trump=S")
    assert (s.dealer, s.to_act) == (1, 2)


def test_lead_trump_chooser_round_1_led_left_of_dealer():
    s = knockout(3, 0, [ROUND_1], start_cards=4, lead="trump_chooser")
    assert s.to_act == 1


def test_lead_trump_chooser_also_when_nobody_chooses_trump():
    s = knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4, lead="trump_chooser", trump="fixed")
    s = run(s, ROUND_1_PLAY)
    assert s.phase == "play"
    assert (s.dealer, s.to_act) == (1, 1)


def test_lead_trump_chooser_also_in_a_no_trump_last_round():
    # Round 2 ends 1-1; the cut (KC for seat 0, KD for seat 1) makes seat 1 the top player.
    last = deck(2, 1, ["AS", "2C"])
    s = knockout(2, 0, [TWO_ROUND_1, TWO_ROUND_2, last], cuts=THREE_ROUND_CUTS, start_cards=3,
                 lead="trump_chooser", last_round_no_trump=True)  # fmt: skip
    s = run(s, f"{TWO_ROUND_1_PLAY} 1:trump=S 1:KH 0:AH 0:2C 1:AC")
    assert s.trump == SUIT["NT"] and s.phase == "play"
    assert (s.dealer, s.to_act) == (1, 1)


# --- trump: fixed ----------------------------------------------------------------------


def test_trump_fixed_turned_suit_is_trump_for_the_whole_game_nobody_chooses():
    s = knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4, trump="fixed")
    assert s.trump == SUIT["D"]  # the turned 2D
    s = run(s, ROUND_1_PLAY)
    assert s.phase == "play" and s.trump == SUIT["D"]
    s = play_until(s, lambda st: st.deal_no == 3)
    assert s.trump == SUIT["D"]


# --- no_trump_allowed -------------------------------------------------------------------


def test_no_trump_allowed_chooser_may_declare_no_trump():
    # Round 2: seat 1 chooses no trump; its spades then win nothing against led clubs.
    second = deck(2, 1, ["2C 3C", "AS KS"])
    s = knockout(2, 0, [TWO_ROUND_1, second], start_cards=3, no_trump_allowed=True)
    s = run(s, TWO_ROUND_1_PLAY)
    assert legal_suits(s) == [0, 1, 2, 3, SUIT["NT"]]
    s = run(s, "1:trump=NT")
    assert s.trump == SUIT["NT"]
    s = run(s, "0:2C 1:AS 0:3C 1:KS")
    assert s.history[1].outcome["tricks"] == [2, 0]
    assert s.history[1].outcome["trump"] == "NT"


def test_no_trump_refused_without_no_trump_allowed():
    s = run(knockout(2, 0, [TWO_ROUND_1, TWO_ROUND_2], start_cards=3), TWO_ROUND_1_PLAY)
    assert SUIT["NT"] not in legal_suits(s)
    with pytest.raises(IllegalAction):
        apply(s, actions.choose("trump", 1, SUIT["NT"]))


# --- last_round_no_trump -----------------------------------------------------------------


def test_last_round_no_trump_one_card_round_without_trump_nobody_chooses():
    # Seat 1 leads 2C; seat 0's ace of spades would win with spades trump, not without.
    last = deck(2, 0, ["AS", "2C"])
    s = knockout(2, 0, [TWO_ROUND_1, TWO_ROUND_2, last], cuts=THREE_ROUND_CUTS, start_cards=3,
                 last_round_no_trump=True)  # fmt: skip
    s = run(s, f"{TWO_ROUND_1_PLAY} {TWO_ROUND_2_PLAY}")
    assert s.phase == "play" and s.trump == SUIT["NT"]
    s = run(s, "1:2C 0:AS")
    assert s.result["winners"] == [1]


def test_last_round_no_trump_nobody_votes_either():
    # Three players, seat 1 out after round 1 (dog's life off): it would vote in round 2.
    first = deck(3, 0, ["5C AD", "2C 3C", "AH 4D"], turned="2H")
    s = knockout(3, 0, [first, deck(3, 1, ["KS", "", "AS"])], start_cards=2, dogs_life="off",
                 eliminated_vote=True, last_round_no_trump=True)  # fmt: skip
    s = run(s, "1:2C 2:AH 0:5C 2:4D 0:AD 1:3C")
    assert s.active == (True, False, True)
    assert s.phase == "play" and s.trump == SUIT["NT"]


def test_last_round_no_trump_with_start_cards_1_card_still_turned_and_ignored():
    s = knockout(4, 3, [deck(4, 3, ["KS", "3S", "2H", "AS"], turned="5H")], start_cards=1,
                 last_round_no_trump=True)  # fmt: skip
    assert names([s.turned]) == ["5H"]
    assert s.trump == SUIT["NT"]
    s = run(s, "0:KS 1:3S 2:2H 3:AS")
    assert s.result["winners"] == [3]  # with hearts trump seat 2 would have won


# --- exchange --------------------------------------------------------------------------

# Three players, dealer 0, diamonds turned; the stock starts AS AH AD AC KS.
EXCHANGE_DECK = deck(3, 0, ["2C 3C 4C", "5C 6C 7C", "8C 9C TC"], turned="2D",
                     stock="AS AH AD AC KS")  # fmt: skip


def test_exchange_after_trump_each_active_player_in_turn_from_the_first_leader():
    s = knockout(3, 0, [EXCHANGE_DECK], start_cards=3, exchange=True)
    assert s.trump == SUIT["D"]
    order = []
    while s.phase == "exchange":
        order.append(s.to_act)
        s = run(s, "exchange=")
    assert order == [1, 2, 0]
    assert s.phase == "play" and s.to_act == 1


def test_exchange_discard_0_to_3_at_once_and_draw_as_many_from_top_of_stock():
    s = knockout(3, 0, [EXCHANGE_DECK], start_cards=3, exchange=True)
    assert names(s.stock[:5]) == ["AS", "AH", "AD", "AC", "KS"]  # the turned 2D is not in it
    assert max(len(d) for d in discards(s)) == 3
    s = run(s, "1:exchange=5C,7C")
    assert hand(s, 1) == {"6C", "AS", "AH"}
    s = run(s, "2:exchange=8C,9C,TC")
    assert hand(s, 2) == {"AD", "AC", "KS"}
    s = run(s, "0:exchange=")
    assert hand(s, 0) == {"2C", "3C", "4C"}
    assert len(s.stock) == 52 - 9 - 1 - 5


def test_exchange_discards_are_not_reused():
    s = knockout(3, 0, [EXCHANGE_DECK], start_cards=3, exchange=True)
    s = run(s, "1:exchange=5C,7C 2:exchange=8C,9C,TC 0:exchange=")
    gone = set(cards("5C 7C 8C 9C TC"))
    assert not gone & set(s.stock)
    assert all(not any(s.hands[p] >> c & 1 for c in gone) for p in range(3))


def test_exchange_never_more_cards_than_held():
    s = knockout(3, 0, [EXCHANGE_DECK[:6] + EXCHANGE_DECK[9:]], start_cards=2, exchange=True)
    assert sorted({len(d) for d in discards(s)}) == [0, 1, 2]


def test_exchange_at_most_as_many_as_the_stock_still_holds():
    # Seven players with seven cards: 49 dealt, one turned, two left in the stock.
    s = knockout(7, 0, [fill()], start_cards=7, exchange=True)
    assert len(s.stock) == 2
    assert max(len(d) for d in discards(s)) == 2
    first = s.to_act
    s = apply(
        s, actions.Action("exchange", first, discard=tuple(sorted(cards_of_seat(s, first)[:2])))
    )
    assert s.stock == ()
    while s.phase == "exchange":  # the others may only keep their cards
        assert discards(s) == [()]
        s = run(s, "exchange=")
    assert s.phase == "play"


def cards_of_seat(state, seat) -> list[int]:
    return [c for c in range(52) if state.hands[seat] >> c & 1]


def test_exchange_bad_discard_refused():
    s = knockout(3, 0, [EXCHANGE_DECK], start_cards=3, exchange=True)
    for bad in ("1:exchange=AS", "1:exchange=5C,6C,7C,2C"):
        with pytest.raises(IllegalAction) as refused:
            run(s, bad)
        assert refused.value.code == "bad_exchange"


def test_exchange_players_on_a_dogs_life_do_not_exchange():
    s = knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4, exchange=True)
    s = run(s, f"1:exchange= 2:exchange= 0:exchange= {ROUND_1_PLAY} 1:trump=S")
    assert s.phase == "exchange"
    order = []
    while s.phase == "exchange":
        order.append(s.to_act)
        s = run(s, "exchange=")
    assert order == [0, 1]  # from the first leader (the dog, seat 2), skipping the dog
    assert s.to_act == 2


# --- rainbow ---------------------------------------------------------------------------


def test_rainbow_in_four_card_round_one_card_of_each_suit_wins_at_once():
    first = deck(3, 0, ["2S 3S 4S 5S", "6S 7S 8S 9S", "AS 2H 3D 4C"], turned="5H")
    s = knockout(3, 0, [first], start_cards=4, rainbow=True)
    assert s.over
    assert s.result == {"winners": [2], "ranking": [[2], [0, 1]], "reason": "rainbow"}
    assert s.history[0].outcome["tricks"] == [0, 0, 0]
    assert s.history[0].tricks == ()


def test_rainbow_several_holders_first_in_playing_order_from_first_leader_wins():
    # Dealer 0: seat 1 leads, then seat 2, then seat 0. Seats 0 and 2 both hold a rainbow.
    first = deck(3, 0, ["AS 2H 3D 4C", "6S 7S 8S 9S", "KS 5H 6D 7C"], turned="5S")
    s = knockout(3, 0, [first], start_cards=4, rainbow=True)
    assert s.result["winners"] == [2]


def test_rainbow_only_in_the_four_card_round():
    first = deck(3, 0, ["2S 3S 4S 5S 6S", "7S 8S 9S TS JS", "AS 2H 3D 4C 5C"], turned="5H")
    s = knockout(3, 0, [first], start_cards=5, rainbow=True)
    assert not s.over and s.phase == "play"


def test_rainbow_off_by_default():
    first = deck(3, 0, ["2S 3S 4S 5S", "6S 7S 8S 9S", "AS 2H 3D 4C"], turned="5H")
    assert not knockout(3, 0, [first], start_cards=4).over


def test_rainbow_counts_when_the_first_trick_is_led_after_the_exchange():
    # Seat 1 has no club; it exchanges 2S for the top of the stock, the 2C.
    first = deck(3, 0, ["3S 4S 5S 6S", "AS AH AD 2S", "7S 8S 9S TS"], turned="5H", stock="2C")
    s = knockout(3, 0, [first], start_cards=4, rainbow=True, exchange=True)
    assert not s.over
    s = run(s, "1:exchange=2S 2:exchange= 0:exchange=")
    assert s.result["winners"] == [1] and s.result["reason"] == "rainbow"


# --- sweep_wins ------------------------------------------------------------------------

ALL_TO_ONE = deck(3, 0, ["2S 3S 4S", "AS KS QS", "5S 6S 7S"], turned="2D")
ALL_TO_ONE_PLAY = "1:AS 2:5S 0:2S 1:KS 2:6S 0:3S 1:QS 2:7S 0:4S"


def test_sweep_wins_player_taking_every_trick_wins_at_once():
    s = run(knockout(3, 0, [ALL_TO_ONE], start_cards=3, sweep_wins=True), ALL_TO_ONE_PLAY)
    assert s.result == {"winners": [1], "ranking": [[1], [0, 2]], "reason": "sweep"}
    assert s.history[0].outcome["out"] == [0, 2]
    assert s.history[0].outcome["dogs_life"] == []


def test_sweep_wins_in_last_round_result_is_simply_the_final_trick():
    s = knockout(4, 3, [deck(4, 3, ["KS", "3S", "2H", "AS"], turned="5H")], start_cards=1,
                 sweep_wins=True)  # fmt: skip
    s = run(s, "0:KS 1:3S 2:2H 3:AS")
    assert s.result["reason"] == "final_trick"
    assert s.result["winners"] == [2]


# --- eliminated_vote -------------------------------------------------------------------

# Six players, two cards, dealer 0, dog's life off. Seat 1 and seat 0 take a trick each;
# seats 2-5 are out. The cut (KC for seat 0, KD for seat 1) makes seat 1 the chooser; seat 1
# deals the one-card round, seat 0 leads it.
VOTE_1 = deck(6, 0, ["6S AC", "AS 3C", "2S 4C", "3S 5C", "4S 6C", "5S 7C"], turned="2D")
VOTE_1_PLAY = "1:AS 2:2S 3:3S 4:4S 5:5S 0:6S 1:3C 2:4C 3:5C 4:6C 5:7C 0:AC"
VOTE_2 = deck(6, 1, ["AH", "KH", "", "", "", ""])


def voting(**options):
    s = knockout(6, 0, [VOTE_1, VOTE_2], cuts={1: "KC KD"}, start_cards=2, dogs_life="off",
                 eliminated_vote=True, **options)  # fmt: skip
    return run(s, VOTE_1_PLAY)


def test_eliminated_vote_knocked_out_players_vote_in_seat_order_then_the_chooser():
    s = voting()
    assert s.active == (True, True, False, False, False, False)  # all just knocked out
    order = []
    while s.phase == "vote":
        order.append(s.to_act)
        s = run(s, "vote=S")
    assert order == [2, 3, 4, 5]
    assert s.phase == "trump" and s.to_act == 1


def test_eliminated_vote_most_votes_wins():
    s = run(voting(), "2:vote=S 3:vote=S 4:vote=S 5:vote=H 1:trump=H")
    assert s.trump == SUIT["S"]


def test_eliminated_vote_chooser_choice_is_a_vote():
    # S 2, H 1, D 1 among the voters; the chooser's D makes it S 2, D 2, and the tie is D's.
    s = run(voting(), "2:vote=S 3:vote=S 4:vote=H 5:vote=D 1:trump=D")
    assert s.trump == SUIT["D"]


def test_eliminated_vote_tie_goes_to_chooser_vote_if_among_tied():
    s = run(voting(), "2:vote=S 3:vote=S 4:vote=H 5:vote=D 1:trump=H")
    assert s.trump == SUIT["H"]  # S 2, H 2 with the chooser's vote


def test_eliminated_vote_tie_without_chooser_goes_to_highest_tied_suit():
    s = run(voting(), "2:vote=D 3:vote=D 4:vote=H 5:vote=H 1:trump=C")
    assert s.trump == SUIT["H"]  # spades > hearts > diamonds > clubs > no trump


def test_eliminated_vote_no_trump_is_the_lowest_in_a_tie():
    s = run(voting(no_trump_allowed=True), "2:vote=NT 3:vote=NT 4:vote=C 5:vote=C 1:trump=D")
    assert s.trump == SUIT["C"]


def test_eliminated_vote_no_trump_only_where_allowed():
    s = voting()
    assert legal_suits(s) == [0, 1, 2, 3]
    with pytest.raises(IllegalAction):
        run(s, "2:vote=NT")
    s = voting(no_trump_allowed=True)
    assert legal_suits(s) == [0, 1, 2, 3, 4]
    s = run(s, "2:vote=NT 3:vote=NT 4:vote=NT 5:vote=S 1:trump=S")
    assert s.trump == SUIT["NT"]


def test_eliminated_vote_no_vote_while_nobody_is_out():
    s = knockout(2, 0, [TWO_ROUND_1, TWO_ROUND_2], start_cards=3, eliminated_vote=True)
    s = run(s, TWO_ROUND_1_PLAY)
    assert s.phase == "trump" and s.to_act == 1


def test_without_eliminated_vote_the_chooser_alone_chooses():
    s = knockout(6, 0, [VOTE_1, VOTE_2], cuts={1: "KC KD"}, start_cards=2, dogs_life="off")
    s = run(s, VOTE_1_PLAY)
    assert s.phase == "trump" and s.to_act == 1


def test_exchange_under_lead_trump_chooser_starts_with_the_top_player():
    s = knockout(3, 0, [ROUND_1, ROUND_2], start_cards=4, exchange=True, lead="trump_chooser")
    s = run(s, f"1:exchange= 2:exchange= 0:exchange= {ROUND_1_PLAY} 1:trump=S")
    order = []
    while s.phase == "exchange":
        order.append(s.to_act)
        s = run(s, "exchange=")
    assert order == [1, 0]  # the top player first; the dog (seat 2) does not exchange
    assert s.to_act == 1
