"""Knockout Whist's lessons on the house rules that change the choice of trump and the hands
(docs/rules.md §1.7): each depends on its rule as the engine plays it. No trump is the
chooser's best only where the rules offer it, the votes make the learner's suit lose or tie,
the exchange draws the stock's top, and a rainbow comes from one discard only; the safe
first round leaves the learner without a trick in play with a full hand, fixed trump leaves
the top player nothing to choose, and the one-card round has no trump."""

from __future__ import annotations

import dataclasses

from games.engine import apply, card_str, legal_actions
from games.engine.actions import EXCHANGE
from games.engine.cards import NT, cards_of, suit_str
from learning.lessons import find
from learning.lessons.course import (
    LEARNER,
    NO_RAINBOW,
    Wrong,
    action_of,
    answer,
    choices,
    exchange_text,
    position,
    refused,
    start,
)


def _trump_after(lesson, text):
    return suit_str(apply(position(lesson), action_of(text)).trump)


def test_no_trump_is_refused_without_the_house_rule():
    lesson = find("knockout", "no-trump")
    assert answer(lesson, lesson.right) == "right" and lesson.right == "0 trump NT"
    options = {k: v for k, v in lesson.options.items() if k != "no_trump_allowed"}
    plain = dataclasses.replace(lesson, options=options)
    assert refused(position(plain), action_of("0 trump NT"))


def test_the_votes_make_the_tie_the_choosers_and_outvote_a_lone_suit():
    """Clubs, spades, clubs were voted: the learner's spades tie with clubs and win the tie;
    their diamonds or hearts, one vote against two, leave clubs trump."""
    lesson = find("knockout", "vote")
    assert [suit_str(u) for _, u in position(lesson).votes] == ["C", "S", "C"]
    assert _trump_after(lesson, "0 trump S") == "S"
    assert {_trump_after(lesson, f"0 trump {s}") for s in "CDH"} == {"C"}


def test_the_exchange_draws_the_top_of_the_stock():
    """The lesson's stock (Deal.stock) is dealt as its top: the two of clubs out, the queen
    of hearts in."""
    lesson = find("knockout", "exchange")
    state = apply(position(lesson), action_of(lesson.right))
    assert {card_str(c) for c in cards_of(state.hands[LEARNER])} == {"AH", "QH"}


def test_a_rainbow_comes_from_discarding_one_diamond_only():
    """Either diamond alone makes the rainbow (the game is won before a trick); every other
    exchange, the ones the lesson does not name included, leaves the learner without one
    whatever the opponent exchanges."""
    lesson = find("knockout", "rainbow")
    for text in (lesson.right, *lesson.also_right):
        state = apply(position(lesson), action_of(text))
        for after in lesson.after:
            state = apply(state, action_of(after))
        assert state.result == {**state.result, "reason": "rainbow", "winners": [LEARNER]}
    for text in set(choices(lesson)) - {lesson.right, *lesson.also_right}:
        named = dataclasses.replace(lesson, wrong={text: Wrong(NO_RAINBOW, "")})
        assert answer(named, text) == NO_RAINBOW, text


def test_an_exchange_is_written_in_the_engines_order():
    state = position(find("knockout", "rainbow"))
    texts = {exchange_text(a) for a in legal_actions(state, LEARNER) if a.kind == EXCHANGE}
    assert "0 exchange 3D AS" in texts and "0 exchange AS 3D" not in texts
    assert action_of("0 exchange AS 3D") == action_of("0 exchange 3D AS")


def _after_round_one(lesson):
    """The state once round 1 of the lesson's script is played (round 2 dealt)."""
    state = start(lesson)
    for text in lesson.script:
        state = apply(state, action_of(text))
        if state.deal_no == 1:
            return state
    raise AssertionError("the script ends in round 1")


def _without(lesson, option):
    options = {k: v for k, v in lesson.options.items() if k != option}
    return dataclasses.replace(lesson, options=options)


def test_the_safe_first_round_knocks_nobody_out_and_gives_no_dog_s_life():
    """The learner took no trick in round 1: with the rule they hold two cards in round 2 and
    nobody had a dog's life; without it, the same round 1 puts them on one."""
    lesson = find("knockout", "safe-first-round")
    safe = _after_round_one(lesson)
    assert safe.history[-1].outcome["tricks"] == [0, 3]
    assert safe.dogs == () and safe.dog_had == ()
    assert len(cards_of(position(lesson).hands[LEARNER])) == 2
    assert _after_round_one(_without(lesson, "safe_first_round")).dogs == (LEARNER,)


def test_fixed_trump_leaves_the_top_player_nothing_to_choose():
    """The learner took the most tricks in round 1: without the rule they choose round 2's
    trump; with it, hearts (turned in round 1) stay trump and round 2 is played at once."""
    lesson = find("knockout", "fixed-trump")
    fixed = _after_round_one(lesson)
    assert fixed.phase == "play" and suit_str(fixed.trump) == "H"
    chosen = _after_round_one(_without(lesson, "trump"))
    assert chosen.phase == "trump" and chosen.to_act == LEARNER


def test_the_last_round_has_no_trump_and_nobody_chooses():
    """After a round 1 with hearts trump, the one-card round has no trump and goes straight
    to the exchange; without the rule someone chooses its trump."""
    lesson = find("knockout", "last-round-no-trump")
    state = position(lesson)
    assert state.hand_size == 1 and state.trump == NT and state.phase == "exchange"
    assert _after_round_one(_without(lesson, "last_round_no_trump")).phase == "trump"
