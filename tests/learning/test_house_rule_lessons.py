"""Knockout Whist's lessons on the house rules that change the choice of trump and the hands
(docs/rules.md §1.7): each depends on its rule as the engine plays it. No trump is the
chooser's best only where the rules offer it, the votes make the learner's suit lose or tie,
the exchange draws the stock's top, and a rainbow comes from one discard only."""

from __future__ import annotations

import dataclasses

from games.engine import apply, card_str, legal_actions
from games.engine.actions import EXCHANGE
from games.engine.cards import cards_of, suit_str
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
