"""The Expert's Knockout Whist pieces: round values from the measured table, the Club model."""

from __future__ import annotations

import random
from typing import Any

from games.engine import action_from_event, apply, make_rules, new_game
from games.engine.bots import choose_action, knockout_infer
from games.engine.bots.club import choose_trump
from games.engine.bots.knockout_value import CHOOSER, DOG, PLAIN, chance, round_scorer
from games.engine.bots.playout_club import club_follow, club_lead
from games.engine.bots.sample import unknowns
from games.engine.bots.seen import read
from games.engine.cards import mask_of, parse_cards
from games.engine.views import seat_view

C, H, S = 0, 2, 3  # suits as the engine numbers them


def hand(text: str) -> int:
    return mask_of(parse_cards(text.split()))


def view(**over: Any) -> dict[str, Any]:
    """A 4-player seat view in the middle of a round, seat 0 to act."""
    v: dict[str, Any] = {
        "game": "knockout",
        "players": 4,
        "viewer": 0,
        "trump": "S",
        "trick": [],
        "deal_tricks": [],
        "options": {"dogs_life": "once_per_game"},
        "deal": 2,
        "hand_size": 3,
        "active": [True, True, True, True],
        "dogs_life": [],
        "had_dogs_life": [1],
        "tricks": [0, 0, 0, 0],
        "hands": [["AS", "2C", "3C"], [None] * 3, [None] * 3, [None] * 3],
    }
    v.update(over)
    return v


def test_the_top_player_has_the_better_chance_in_every_measured_round():
    for size in range(1, 7):
        for players in range(2, 5):
            assert chance(size, players, CHOOSER) > chance(size, players, PLAIN)
            assert chance(size, players, PLAIN) > chance(size, players, DOG)


def test_a_round_without_a_trick_and_without_a_dogs_life_left_is_worth_nothing():
    score = round_scorer(read(view()))
    assert score([0, 1, 1, 1]) == 0.0


def test_the_only_player_left_has_won():
    score = round_scorer(read(view()))
    assert score([3, 0, 0, 0]) == 1.0


def test_the_first_trickless_player_of_the_game_gets_a_dogs_life_not_nothing():
    score = round_scorer(read(view(had_dogs_life=[])))
    assert 0.0 < score([0, 1, 1, 1]) < score([1, 1, 1, 0])


def test_the_last_rounds_trick_is_the_game():
    score = round_scorer(read(view(hand_size=1, hands=[["AS"], [None], [None], [None]])))
    assert score([1, 0, 0, 0]) == 1.0 and score([0, 1, 0, 0]) == 0.0


def test_more_tricks_than_everyone_else_is_worth_more_than_a_tie_for_the_most():
    score = round_scorer(read(view(tricks=[1, 0, 0, 0], hand_size=3)))
    assert score([1, 1, 0, 0]) > score([0, 1, 1, 0])  # 2-1-1 beats 1-1-1 (a cut)


def test_knocking_a_rival_out_is_worth_something():
    """Top player either way; taking the last trick myself leaves seat 2 out as well."""
    score = round_scorer(read(view(tricks=[2, 1, 0, 0], hand_size=4, had_dogs_life=[3])))
    assert score([1, 0, 0, 0]) > score([0, 0, 1, 0])


def test_under_a_fixed_trump_nobody_chooses_so_being_top_adds_nothing():
    score = round_scorer(read(view(options={"trump": "fixed"})))
    assert score([2, 1, 0, 0]) == score([1, 2, 0, 0])


def test_the_club_model_leads_a_side_master_first():
    out = hand("KC QC AD 2S 3S 4H")  # the ace of clubs is the best club still out
    assert club_lead(hand("AC 5D 9S"), S, out) == parse_cards(["AC"])[0]


def test_the_club_model_leads_low_from_its_shortest_side_suit_without_a_master():
    out = hand("AC AD KD AS KS QS")
    assert club_lead(hand("2C 3C 5D 9S"), S, out) == parse_cards(["5D"])[0]


def test_the_club_model_follows_with_its_cheapest_winner():
    out = hand("AH 2S")
    card = club_follow(hand("QH KH 3C"), H, parse_cards(["JH"])[0], S, out, last=False)
    assert card == parse_cards(["QH"])[0]


def test_the_club_model_takes_a_sure_winner_before_a_cheaper_unsure_one():
    out = hand("QH")  # the queen is still out; the king is the master after the ace went
    card = club_follow(hand("JH KH"), H, parse_cards(["TH"])[0], S, out, last=False)
    assert card == parse_cards(["KH"])[0]


def test_the_club_model_keeps_its_masters_when_it_cannot_win():
    out = hand("KC KH")  # the ace of hearts is a master
    card = club_follow(hand("2D 3D AH"), C, parse_cards(["AC"])[0], S, out, last=False)
    assert card == parse_cards(["2D"])[0]


def test_the_true_hands_of_club_players_explain_their_plays():
    """Inference checks sampled hands against the Club model; the real hands pass it."""
    checked = misfit = 0
    for seed in range(6):
        state = new_game(make_rules("knockout", 4), seed=seed)
        while not state.over:
            view = seat_view(state, state.to_act)
            ev = knockout_infer.evidence(read(view))
            for s in range(4):
                if s != state.to_act and (ev.plays[s] or ev.chose[s] >= 0):
                    checked += 1
                    misfit += knockout_infer.misfits(ev, s, state.hands[s]) > 0
            state = apply(state, action_from_event(choose_action(view, "club", seed)))
    assert checked > 300
    assert misfit <= checked // 100


def test_a_club_player_who_chose_trump_is_dealt_that_suit_as_its_longest():
    v = view(chooser=1, votes=[], hand_size=5, deal=1, tricks=[0, 0, 0, 0])
    v["hands"] = [["AS", "2C", "3C", "4D", "9H"], [None] * 5, [None] * 5, [None] * 5]
    seen = read(v)
    u, ev = unknowns(seen), knockout_infer.evidence(seen)
    rng = random.Random(2)
    for _ in range(40):
        hands, _rest = knockout_infer.deal(u, ev, 0, rng)
        assert choose_trump(hands[1], [0, 1, 2, 3]) == S


def test_a_club_player_who_followed_low_holds_no_card_that_would_have_won():
    """Seat 1 followed the five of spades with the three: no higher spade, not the two."""
    trick = {"leader": 0, "plays": [[0, "5S"], [1, "3S"], [2, "4S"], [3, "7S"]], "winner": 3}
    v = view(deal_tricks=[trick], tricks=[0, 0, 0, 1], trick=[[3, "9H"]])
    v["hands"] = [["AS", "2C"], [None] * 2, [None] * 2, [None] * 1]
    seen = read(v)
    u, ev = unknowns(seen), knockout_infer.evidence(seen)
    rng = random.Random(3)
    for _ in range(40):
        hands, _rest = knockout_infer.deal(u, ev, 0, rng)
        assert not hands[1] & hand("2S 6S 8S 9S TS JS QS KS")
