"""Every lesson's deal replays in the rules engine, its right answer is legal, and each wrong
answer is what the lesson says: refused by the engine, losing the trick whatever the others
play, or leaving the learner fewer tricks in the round (double dummy)."""

from __future__ import annotations

import pytest

from games.engine import apply, card_str, legal_actions
from games.engine.cards import SUITS, cards_of
from learning.lessons import COURSES
from learning.lessons.course import LEARNER, action_of, answer, position, shown

LESSONS = [lesson for course in COURSES.values() for lesson in course]
IDS = [f"{lesson.game}-{lesson.slug}" for lesson in LESSONS]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_script_replays_to_the_learners_turn(lesson):
    assert position(lesson).to_act == LEARNER


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_right_answer_is_legal(lesson):
    state = position(lesson)
    assert action_of(lesson.right) in legal_actions(state, LEARNER, resign_too=False)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_wrong_answer_is_what_the_lesson_says(lesson):
    assert lesson.wrong
    for text, wrong in lesson.wrong.items():
        assert answer(lesson, text) == wrong.kind, text


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_answer_the_learner_can_give_is_explained(lesson):
    """Each card of the learner's hand (or each suit, when choosing trump) is the right answer
    or a wrong one the lesson explains."""
    state = position(lesson)
    if state.phase == "trump":
        options = [f"0 trump {suit}" for suit in SUITS]
    else:
        options = [f"0 play {card_str(c)}" for c in cards_of(state.hands[LEARNER])]
        if any(a.kind.value == "knock" for a in legal_actions(state, LEARNER)):
            options.append("0 knock")
    assert sorted(options) == sorted([lesson.right, *lesson.wrong])


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_after_the_right_answer_the_script_replays(lesson):
    state = apply(position(lesson), action_of(lesson.right))
    for text in lesson.after:
        state = apply(state, action_of(text))
    assert shown(lesson)
