"""docs/rules.md §1.5 Knockout Whist, the dog's life (`dogs_life`, default `once_per_game`)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, actions, apply, legal_actions

from .helpers import deck, hand, knockout, names, run

# Three players, four cards, dealer 0, diamonds turned. Seat 1 takes three tricks, seat 0
# the last one, seat 2 none: seat 2 is the first player of the game without a trick.
ROUND_1 = deck(3, 0, ["7S 8S 9S AC", "AS KS QS 3C", "4S 5S 6S 2C"], turned="2D")
ROUND_1_PLAY = "1:AS 2:4S 0:7S 1:KS 2:5S 0:8S 1:QS 2:6S 0:9S 1:3C 2:2C 0:AC"
# Round 2: seat 1 deals (fair lead), seat 2 on its left leads with a single card.
ROUND_2 = deck(3, 1, ["AC 2C 3C", "KC QC 4C", "AS"])
# The dog's ace of spades wins the first trick when spades are trump; the three tie 1-1-1.
DOG_WINS = "1:trump=S 2:AS 0:3C 1:4C 0:AC 1:QC 0:2C 1:KC"
# With hearts trump the dog knocks twice and its ace of spades wins nothing.
DOG_LOSES = "1:trump=H 2:knock 0:3C 1:4C 1:QC 2:knock 0:AC 0:2C 1:KC 2:AS"
# Round 3 after DOG_WINS: the cut gives seat 2 the choice; seat 2 (the dog of round 2,
# and the first leader of round 2) deals; seat 0 leads and takes no trick.
ROUND_3 = deck(3, 2, ["2C 3C", "4C AD", "AH 5D"])
ROUND_3_PLAY = "2:trump=H 0:2C 1:4C 2:AH 2:5D 0:3C 1:AD"
CUTS = {2: "2C 3C 4C"}


def game(**options):
    return knockout(3, 0, [ROUND_1, ROUND_2, ROUND_3], cuts=CUTS, start_cards=4, **options)


def kinds(state, seat=None) -> list[str]:
    return [a.kind for a in legal_actions(state, seat, resign_too=False)]


def test_dogs_life_first_player_without_trick_gets_one_card():
    s = run(game(), ROUND_1_PLAY)
    assert s.history[0].outcome["out"] == []
    assert s.history[0].outcome["dogs_life"] == [2]
    assert s.active == (True, True, True)
    assert s.dogs == (2,)
    assert [len(h) for h in s.deal_hands] == [3, 3, 1]


def test_dog_counts_as_active_for_dealing_and_who_leads():
    s = run(game(), f"{ROUND_1_PLAY} 1:trump=S")
    assert s.dealer == 1
    assert s.to_act == 2  # the first active player left of the dealer is the dog


def test_dog_may_knock_when_it_would_lead_then_next_player_leads():
    s = run(game(), f"{ROUND_1_PLAY} 1:trump=H")
    assert kinds(s) == ["play", "knock"]
    s = run(s, "2:knock")
    assert s.to_act == 0
    s = run(s, "0:3C 1:4C")
    assert s.last_trick.leader == 0
    assert names(c for _, c in s.last_trick.plays) == ["3C", "4C"]  # fewer cards than players
    assert hand(s, 2) == {"AS"}


def test_dog_may_knock_on_a_later_turn_and_keep_the_card():
    s = run(game(), f"{ROUND_1_PLAY} 1:trump=H 2:knock 0:3C 1:4C 1:QC")
    assert s.to_act == 2
    s = run(s, "2:knock")
    assert s.to_act == 0  # the knock was seat 2's turn in this trick
    s = run(s, "0:AC")
    assert len(s.last_trick.plays) == 2
    assert hand(s, 2) == {"AS"}


def test_dog_must_play_on_last_trick():
    s = run(game(), f"{ROUND_1_PLAY} 1:trump=H 2:knock 0:3C 1:4C 1:QC 2:knock 0:AC 0:2C 1:KC")
    assert s.to_act == 2 and len(s.trick_log) == 2
    assert kinds(s) == ["play"]
    with pytest.raises(IllegalAction) as refused:
        apply(s, actions.knock(2))
    assert refused.value.code == "cannot_knock"


def test_dog_card_wins_nothing_out():
    s = run(game(), f"{ROUND_1_PLAY} {DOG_LOSES}")
    assert s.history[1].outcome["tricks"] == [1, 2, 0]
    assert s.history[1].outcome["out"] == [2]
    assert s.active == (True, True, False)


def test_dog_card_wins_next_active_left_leads_and_full_hand_next_round():
    s = run(game(), f"{ROUND_1_PLAY} 1:trump=S 2:AS 0:3C 1:4C")
    assert s.last_trick.winner == 2
    assert s.hands[2] == 0
    assert s.to_act == 0  # the next player to the dog's left who still holds cards
    s = run(s, "0:AC 1:QC 0:2C 1:KC")
    assert s.history[1].outcome["tricks"] == [1, 1, 1]
    assert s.history[1].outcome["out"] == []
    assert s.dogs == ()
    assert [len(h) for h in s.deal_hands] == [2, 2, 2]


def test_only_one_dogs_life_per_game():
    s = run(game(), f"{ROUND_1_PLAY} {DOG_WINS} {ROUND_3_PLAY}")
    assert s.history[2].outcome["tricks"] == [0, 1, 1]
    assert s.history[2].outcome["out"] == [0]
    assert s.history[2].outcome["dogs_life"] == []


def test_once_per_player():
    s = knockout(
        3, 0, [ROUND_1, ROUND_2, ROUND_3], cuts=CUTS, start_cards=4, dogs_life="once_per_player"
    )
    s = run(s, f"{ROUND_1_PLAY} {DOG_WINS} {ROUND_3_PLAY}")
    assert s.history[2].outcome["out"] == []
    assert s.history[2].outcome["dogs_life"] == [0]  # seat 0 has not had one yet
    assert set(s.dog_had) == {0, 2}


def test_once_per_player_a_second_dogs_life_is_refused():
    # Round 3: seat 2, back with a full hand, takes no trick again: out this time.
    third = deck(3, 2, ["AD 2C", "KD 3C", "2H 3H"])
    s = knockout(
        3, 0, [ROUND_1, ROUND_2, third], cuts=CUTS, start_cards=4, dogs_life="once_per_player"
    )
    s = run(s, f"{ROUND_1_PLAY} {DOG_WINS} 2:trump=D 0:2C 1:3C 2:2H 1:KD 2:3H 0:AD")
    assert s.history[2].outcome["tricks"] == [1, 1, 0]
    assert s.history[2].outcome["out"] == [2]
    assert s.history[2].outcome["dogs_life"] == []


def test_dogs_life_off():
    s = run(game(dogs_life="off"), ROUND_1_PLAY)
    assert s.history[0].outcome["out"] == [2]
    assert s.history[0].outcome["dogs_life"] == []
    assert s.dogs == ()
    assert s.active == (True, True, False)


# Seat 1 takes every trick of round 1: seats 0 and 2 both have none, and nobody has had a
# dog's life yet.
ALL_TO_ONE = deck(3, 0, ["2S 3S 4S", "AS KS QS", "5S 6S 7S"], turned="2D")
ALL_TO_ONE_PLAY = "1:AS 2:5S 0:2S 1:KS 2:6S 0:3S 1:QS 2:7S 0:4S"


def test_multi_dog_exception_same_round_nobody_had_one():
    s = run(knockout(3, 0, [ALL_TO_ONE], start_cards=3), ALL_TO_ONE_PLAY)
    assert s.history[0].outcome["dogs_life"] == [0, 2]
    assert s.history[0].outcome["out"] == []
    assert s.dogs == (0, 2)
    assert [len(h) for h in s.deal_hands] == [1, 2, 1]


def test_multi_dog_two_dogs_without_a_trick_both_out():
    s = knockout(3, 0, [ALL_TO_ONE, deck(3, 1, ["2C", "AS KS", "3C"])], start_cards=3)
    s = run(s, f"{ALL_TO_ONE_PLAY} 1:trump=S 2:3C 0:2C 1:AS 1:KS")
    assert s.over
    assert s.history[1].outcome["out"] == [0, 2]
    assert s.result["reason"] == "last_player"
    assert s.result["ranking"] == [[1], [0, 2]]


def test_non_dog_may_not_knock():
    s = run(game(), f"{ROUND_1_PLAY} 1:trump=S 2:knock")
    assert s.to_act == 0
    assert kinds(s) == ["play"] * 3
    with pytest.raises(IllegalAction) as refused:
        apply(s, actions.knock(0))
    assert refused.value.code == "cannot_knock"


def test_dog_card_wins_lead_skips_players_left_without_cards():
    # Four players; seats 1 and 2 take no trick in round 1 and both get a dog's life.
    first = deck(4, 0, ["QS JS 9S", "2S 3S 4S", "5S 6S 7S", "AS KS 8S"], turned="2D")
    second = deck(4, 1, ["5C 6C", "AH", "2H", "3C 4C"])
    s = knockout(4, 0, [first, second], start_cards=3)
    s = run(s, "1:2S 2:5S 3:AS 0:9S 3:KS 0:JS 1:3S 2:6S 3:8S 0:QS 1:4S 2:7S")
    assert s.dogs == (1, 2)
    # Round 2: seat 1 deals, dog 2 leads its 2H; dog 1's AH (hearts trump) wins the trick.
    s = run(s, "3:trump=H 2:2H 3:3C 0:5C 1:AH")
    assert s.last_trick.winner == 1
    assert s.to_act == 3  # seat 2, next on the left, has no card left: seat 3 leads
