"""Every lesson's deal replays in the rules engine, its right answer is legal, and each wrong
answer is what the lesson says: refused by the engine, losing the trick whatever the others
play, or leaving the learner fewer tricks in the round (double dummy)."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine import apply, legal_actions
from games.engine.actions import CLAIM
from games.engine.rules import KnockoutOptions
from learning.lessons import COURSES, find
from learning.lessons.course import (
    ILLEGAL,
    LEARNER,
    action_of,
    answer,
    choices,
    counted,
    position,
    refused,
    shown,
    start,
)

LESSONS = [lesson for course in COURSES.values() for lesson in course]
IDS = [f"{lesson.game}-{lesson.slug}" for lesson in LESSONS]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_script_replays_to_the_learners_turn(lesson):
    if not lesson.count:  # a counting lesson asks once its deals are played out
        assert position(lesson).to_act == LEARNER


@pytest.mark.parametrize("lesson", [x for x in LESSONS if x.count], ids=lambda x: x.slug)
def test_a_counting_lessons_right_answer_is_the_engines_score(lesson):
    assert int(lesson.right.split()[2]) == counted(lesson)
    state = position(lesson)
    assert state.over or state.deal_no == len(lesson.deals)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_right_answer_is_legal(lesson):
    """A card, a knock or a suit is among the engine's legal actions; a claim is one its
    solver proves (claims are not turns, so legal_actions lists none)."""
    if lesson.count:
        return  # test_a_counting_lessons_right_answer_is_the_engines_score
    state, right = position(lesson), action_of(lesson.right)
    if right.kind == CLAIM:
        assert not refused(state, right)
    else:
        assert right in legal_actions(state, LEARNER, resign_too=False)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_wrong_answer_is_what_the_lesson_says(lesson):
    assert lesson.wrong
    for text, wrong in lesson.wrong.items():
        assert answer(lesson, text) == wrong.kind, text


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_answer_the_learner_can_give_is_explained(lesson):
    """Each card of the learner's hand (or each suit, when choosing trump, or knocking) is the
    right answer, a wrong one the lesson explains, or one its words for the others fit: an
    illegal one for `illegal_others`, a legal one for `others`."""
    assert {lesson.right, *lesson.also_right, *lesson.wrong} <= set(choices(lesson))
    for text in set(choices(lesson)) - {lesson.right, *lesson.also_right, *lesson.wrong}:
        if answer(lesson, text) == ILLEGAL:
            assert lesson.illegal_others, text
        else:
            assert lesson.others, text


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_after_the_right_answer_the_script_replays(lesson):
    if lesson.count:
        return  # nothing is played after a count
    state = apply(position(lesson), action_of(lesson.right))
    for text in lesson.after:
        state = apply(state, action_of(text))
    right = action_of(lesson.right)
    if right.kind == CLAIM:  # the claim ends the round: no trick is played out
        assert state.history[-1].outcome["claim"]["tricks"] == right.tricks
    elif lesson.ends != "rainbow":  # a rainbow wins before the first trick
        assert shown(lesson)
    if lesson.ends:
        assert state.over and state.result["reason"] == lesson.ends
        assert state.result["winners"] == [LEARNER]


# The sections of docs/rules.md a player meets at the table, each taught by a lesson. Not
# here: what the site does for the player (0.1 notation, 0.2 seats, 0.4 dealing, 0.6 places,
# 1.1-1.3, 2.2-2.3 and 3.1, the deal and its lead, shown in every lesson; 2.5 the target,
# in the points lesson's words), the buttons that say what they do (0.5 resigning), and what
# the lobby and events decide (4, 5).
MET = {"0.3", "0.7", "1.4", "1.5", "1.7", "2.1", "2.4", "2.6", "2.7", "3.2", "3.3"}


def test_every_rule_a_player_meets_has_a_lesson():
    """Each lesson cites its section (tests/site/test_citations.py checks that it exists)."""
    assert all(lesson.rule.startswith("docs/rules.md ") for lesson in LESSONS)
    cited = {lesson.rule.rsplit(" ", 1)[1][1:] for lesson in LESSONS}
    assert MET <= cited, MET - cited


# The house rules of docs/rules.md §1.7 a player meets at the table, each set by a lesson
# that cites that section: those that take a risk or a choice away (safe_first_round,
# `trump: fixed`, last_round_no_trump) too, as what they change shows in the play. Not here:
# start_cards (a shorter game).
VARIANTS_MET = {
    "lead", "sweep_wins", "dogs_life", "no_trump_allowed", "exchange", "rainbow",
    "eliminated_vote", "safe_first_round", "trump", "last_round_no_trump",
}  # fmt: skip


def test_every_house_rule_a_player_meets_has_a_lesson():
    default = KnockoutOptions()
    taught = {
        option
        for lesson in LESSONS
        if lesson.game == "knockout" and lesson.rule == "docs/rules.md §1.7"
        for option, value in lesson.options.items()
        if value != getattr(default, option)
    }
    assert VARIANTS_MET <= taught, VARIANTS_MET - taught


def test_the_counting_lessons_figures_are_the_engines():
    """The figures the task texts give: 8 tricks in the honours hand, games of 7-0 and 5-3."""
    honours = position(find("whist", "honours")).history[-1].outcome
    assert honours["tricks"][0] == 8 and honours["honours"][0] == 2
    assert "8 tricks" in find("whist", "honours").task
    assert position(find("whist", "rubber")).result["games"] == [[7, 0], [5, 3]]
    assert "7 to 0, then 5 to 3" in find("whist", "rubber").task


def test_a_dog_s_life_each_needs_the_dutch_rule():
    """After the round the learner took no trick in, the Dutch rule (once per player) gives
    them a dog's life; the default (once a game: bot 2 had it) knocks them out."""

    def after_round_two(lesson):
        state = start(lesson)
        for text in lesson.script:
            state = apply(state, action_of(text))
            if state.deal_no == 2:
                return state
        raise AssertionError("the script ends before round 3")

    dutch = find("knockout", "dogs-life-each")
    assert after_round_two(dutch).dogs == (LEARNER,)
    classic = dataclasses.replace(dutch, options={"start_cards": 4})
    assert not after_round_two(classic).active[LEARNER]
