"""docs/rules.md §1 Knockout Whist: the deal, play, and what happens after each round."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, actions, apply, legal_actions

from .helpers import SUIT, cards, deck, fill, finish_deal, hand, knockout, names, run


def legal_suits(state) -> list[int]:
    return [a.suit for a in legal_actions(state, resign_too=False)]


# Two players, three rounds, nobody knocked out: the game the rules describe in miniature.
# Round 1: dealer 0, seat 1 leads; diamonds turned. Seat 1 takes two tricks, seat 0 one.
ROUND_1 = deck(2, 0, ["QS 2S AC", "AS KS 3C"], turned="2D")
ROUND_1_PLAY = "1:AS 0:2S 1:KS 0:QS 1:3C 0:AC"
# Round 2: seat 1 (the first leader of round 1) deals, seat 0 leads; one trick each.
ROUND_2 = deck(2, 1, ["AH 2C", "KH AC"])
ROUND_2_PLAY = "1:trump=S 0:AH 1:KH 0:2C 1:AC"
# Round 3: seat 0 deals again, seat 1 leads. The cut between the tied players: KC for
# seat 0, KD for seat 1: equal ranks, diamonds above clubs, so seat 1 chooses.
ROUND_3 = deck(2, 0, ["AS", "2C"])
CUTS = {2: "KC KD"}


def three_rounds(**options):
    return knockout(2, 0, [ROUND_1, ROUND_2, ROUND_3], cuts=CUTS, start_cards=3, **options)


def test_round_1_deals_start_cards_one_at_a_time_clockwise_from_dealers_left():
    # Three players, dealer 1: seat 2 gets the first card, then seat 0, then seat 1, ...
    s = knockout(3, 1, [fill("AS KS QS JS TS 9S 8H")], start_cards=2)
    assert [names(h) for h in s.deal_hands] == [["KS", "TS"], ["QS", "9S"], ["AS", "JS"]]


def test_round_1_next_card_is_turned_and_fixes_trump():
    s = knockout(3, 1, [fill("AS KS QS JS TS 9S 8H")], start_cards=2)
    assert names([s.turned]) == ["8H"]
    assert s.trump == SUIT["H"]
    assert s.phase == "play"
    assert "8H" not in set().union(*(hand(s, p) for p in range(3)))


def test_round_1_remaining_cards_are_the_stock_without_the_turned_card():
    s = knockout(3, 1, [fill("AS KS QS JS TS 9S 8H")], start_cards=2)
    assert list(s.stock) == fill("AS KS QS JS TS 9S 8H")[7:]
    assert len(s.stock) == 52 - 3 * 2 - 1


def test_first_active_player_left_of_dealer_leads():
    s = knockout(3, 1, [fill("AS KS QS JS TS 9S 8H")], start_cards=2)
    assert s.to_act == 2
    s = three_rounds()
    assert s.to_act == 1


def test_round_is_played_until_all_cards_are_used():
    s = run(three_rounds(), "1:AS 0:2S 1:KS 0:QS 1:3C")
    assert s.deal_no == 0
    s = run(s, "0:AC")
    assert s.deal_no == 1
    assert s.history[0].outcome["tricks"] == [1, 2]


def test_each_later_round_deals_one_card_fewer():
    s = run(three_rounds(), ROUND_1_PLAY)
    assert [len(h) for h in s.deal_hands] == [2, 2]
    s = run(s, ROUND_2_PLAY)
    assert [len(h) for h in s.deal_hands] == [1, 1]


def test_a_game_has_start_cards_rounds_the_last_with_one_card():
    s = run(three_rounds(), f"{ROUND_1_PLAY} {ROUND_2_PLAY} 1:trump=C 1:2C 0:AS")
    assert s.over
    assert [len(d.hands[0]) for d in s.history] == [3, 2, 1]
    assert s.result["reason"] == "final_trick"
    assert s.result["winners"] == [1]


def test_whole_pack_gathered_and_shuffled_afresh_for_every_round():
    # AS was played in round 1 and is dealt again in round 3, from that round's own deck.
    s = run(three_rounds(), f"{ROUND_1_PLAY} {ROUND_2_PLAY}")
    assert hand(s, 0) == {"AS"}
    assert len(s.deal_stock) == 52 - 2


def test_top_player_chooses_trump_after_looking_at_new_cards():
    s = run(three_rounds(), ROUND_1_PLAY)
    assert s.phase == "trump"
    assert s.to_act == 1  # two tricks in round 1
    assert hand(s, 1) == {"KH", "AC"}  # already dealt
    assert legal_suits(s) == [0, 1, 2, 3]
    s = run(s, "1:trump=S")
    assert s.trump == SUIT["S"]
    assert s.phase == "play"


def test_players_who_took_no_trick_are_out_once_dogs_life_is_used():
    s = knockout(
        3, 0, [deck(3, 0, ["AD 5C", "2C 3C", "AH 4D"], turned="2H")], start_cards=2,
        dogs_life="off",
    )  # fmt: skip
    s = run(s, "1:2C 2:AH 0:5C 2:4D 0:AD 1:3C")
    assert s.history[0].outcome["out"] == [1]
    assert s.active == (True, False, True)
    assert s.out_round == (-1, 0, -1)


def test_cut_ties_by_rank_then_suit_clubs_lowest():
    s = run(three_rounds(), f"{ROUND_1_PLAY} {ROUND_2_PLAY}")
    assert s.cuts is not None
    assert [(seat, names([c])[0]) for seat, c in s.cuts] == [(0, "KC"), (1, "KD")]
    assert s.phase == "trump" and s.to_act == 1


def test_cut_highest_rank_wins_before_suit():
    s = knockout(2, 0, [ROUND_1, ROUND_2, ROUND_3], cuts={2: "3C 2S"}, start_cards=3)
    s = run(s, f"{ROUND_1_PLAY} {ROUND_2_PLAY}")
    assert s.to_act == 0  # the three of clubs beats the two of spades


def test_cut_recorded_with_the_deal_it_decides():
    s = run(three_rounds(), f"{ROUND_1_PLAY} {ROUND_2_PLAY} 1:trump=C 1:2C 0:AS")
    assert [d.cuts is None for d in s.history] == [True, True, False]


def test_cut_only_when_top_player_needed_not_with_fixed_trump():
    s = knockout(2, 0, [ROUND_1, ROUND_2, ROUND_3], cuts=CUTS, start_cards=3, trump="fixed")
    s = run(s, f"{ROUND_1_PLAY} 0:AH 1:KH 0:2C 1:AC")
    assert s.cuts is None
    assert s.phase == "play"


def test_cut_only_when_top_player_needed_not_before_a_no_trump_last_round():
    s = three_rounds(last_round_no_trump=True)
    s = run(s, f"{ROUND_1_PLAY} {ROUND_2_PLAY}")
    assert s.cuts is None
    assert s.trump == SUIT["NT"]


def test_cut_made_to_find_the_leader_under_lead_trump_chooser():
    s = knockout(
        2, 0, [ROUND_1, ROUND_2, ROUND_3], cuts=CUTS, start_cards=3, trump="fixed",
        lead="trump_chooser",
    )  # fmt: skip
    s = run(s, f"{ROUND_1_PLAY} 1:KH 0:AH 0:2C 1:AC")
    assert s.cuts is not None
    assert (s.dealer, s.to_act) == (1, 1)


def test_deal_passes_left_fair_lead_next_dealer_is_the_first_leader():
    s = run(three_rounds(), ROUND_1_PLAY)
    assert s.dealer == 1  # seat 1 led round 1
    s = run(s, "1:trump=S")
    assert s.to_act == 0  # the first active player left of the new dealer
    s = run(s, "0:AH 1:KH 0:2C 1:AC")
    assert s.dealer == 0


# Three players, dealer 0, seat 1 leads round 1 and takes no trick; dog's life off.
FAIR_1 = deck(3, 0, ["5C AD", "2C 3C", "AH 4D"], turned="2H")
FAIR_1_PLAY = "1:2C 2:AH 0:5C 2:4D 0:AD 1:3C"
# Round 2 is dealt by seat 1 although it is out; seat 2 is the first active on its left.
FAIR_2 = deck(3, 1, ["KS", "", "AS"])


def test_fair_lead_knocked_out_first_leader_deals_once_more():
    s = knockout(3, 0, [FAIR_1, FAIR_2], cuts={1: "2C 3C"}, start_cards=2, dogs_life="off")
    s = run(s, FAIR_1_PLAY)
    assert s.active == (True, False, True)
    assert s.dealer == 1
    assert [len(h) for h in s.deal_hands] == [1, 0, 1]
    s = run(s, "2:trump=D")  # the cut: 2C for seat 0, 3C for seat 2
    assert s.to_act == 2
    s = run(s, "2:AS 0:KS")
    assert s.result["winners"] == [2]


def test_knocked_out_player_is_dealt_nothing_and_skipped():
    s = knockout(3, 0, [FAIR_1, FAIR_2], cuts={1: "2C 3C"}, start_cards=2, dogs_life="off")
    s = run(s, f"{FAIR_1_PLAY} 2:trump=D")
    assert s.hands[1] == 0
    assert legal_actions(s, 1) == []  # nothing to do, not even resign
    s = run(s, "2:AS")
    assert s.to_act == 0


def test_trump_choice_refused_from_anyone_else():
    s = run(three_rounds(), ROUND_1_PLAY)
    with pytest.raises(IllegalAction) as refused:
        apply(s, actions.choose("trump", 0, SUIT["S"]))
    assert refused.value.code == "not_your_turn"


def test_no_trump_not_allowed_by_default():
    s = run(three_rounds(), ROUND_1_PLAY)
    assert SUIT["NT"] not in legal_suits(s)
    with pytest.raises(IllegalAction):
        apply(s, actions.choose("trump", 1, SUIT["NT"]))


def test_outcome_records_tricks_out_dogs_life_and_trump():
    s = run(three_rounds(), ROUND_1_PLAY)
    assert s.history[0].outcome == {"tricks": [1, 2], "out": [], "dogs_life": [], "trump": "D"}
    assert s.history[0].turned == cards("2D")[0]


def test_seeded_game_is_fully_determined_by_seed_and_decisions():
    from games.engine import make_rules, new_game

    rules = make_rules("knockout", 5, exchange=True)
    a = finish_deal(new_game(rules, seed=7))
    b = finish_deal(new_game(rules, seed=7))
    assert a.history == b.history and a.hands == b.hands
