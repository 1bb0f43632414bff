"""Puzzles cut from games (learning.puzzles.cut): each answer is the exact solver's unique best
move, a trick or more ahead of every other, found afresh; none is forced or what the Beginner's
plain rule plays; the solver's line replays in the engine to the end of the deal."""

from __future__ import annotations

import pytest

from fairplay.cheats import play
from games.engine import apply, legal_actions
from games.engine.analysis import _Searches, exact_values
from games.engine.record import to_record
from games.engine.record_check import check
from learning.puzzles.cut import (
    MAX_TRICKS,
    MIN_TRICKS,
    action_for,
    cut,
    judge,
    move_key,
    plain_move,
    side_of_seat,
    tricks_left,
)

GAMES = (
    [("knockout", 4, s) for s in (1, 2, 3)]
    + [("whist", 4, s) for s in (1, 2)]
    + [("german", 2, s) for s in (1, 2, 3, 4, 5, 6)]
)


def _cut(game: str, players: int, seed: int):
    replay = check(to_record(play(game, players, ["club"] * players, seed)))
    states = {step.number: step.before for step in replay.steps}
    found, judged = cut(replay)
    return found, judged, states


@pytest.fixture(scope="module")
def puzzles():
    out = []
    for game, players, seed in GAMES:
        found, _, states = _cut(game, players, seed)
        out += [(p, states[p.number]) for p in found]
    return out


def test_some_games_give_puzzles_of_each_game(puzzles):
    assert {state.rules.game for _, state in puzzles} == {"knockout", "whist", "german"}


def test_answer_is_the_solvers_unique_best_move_by_a_trick(puzzles):
    for puzzle, state in puzzles:
        values = exact_values(state, _Searches())  # a fresh search, not the cut's tables
        assert values == puzzle.values
        others = [v for move, v in values.items() if move != puzzle.answer]
        assert others and all(values[puzzle.answer] >= v + 1 for v in others), puzzle


def test_answer_is_legal_and_the_seat_is_the_one_to_act(puzzles):
    for puzzle, state in puzzles:
        assert state.to_act == puzzle.seat
        assert action_for(state, puzzle.answer) in legal_actions(
            state, puzzle.seat, resign_too=False
        )


def test_no_forced_or_plain_answer(puzzles):
    for puzzle, state in puzzles:
        assert len(legal_actions(state, puzzle.seat, resign_too=False)) > 1
        assert plain_move(state) != puzzle.answer


def test_depth_is_within_the_window(puzzles):
    for puzzle, state in puzzles:
        assert MIN_TRICKS <= tricks_left(state) == puzzle.tricks_left <= MAX_TRICKS


def test_solver_line_replays_to_the_end_of_the_deal_and_makes_the_value(puzzles):
    for puzzle, state in puzzles:
        line, start = puzzle.line, state
        assert line[0]["plays"][0] == [puzzle.seat, puzzle.answer]
        assert len(line) == puzzle.tricks_left
        for trick in line:
            for seat, move in trick["plays"]:
                assert state.to_act == seat
                state = apply(state, action_for(state, move))
        side = side_of_seat(start, puzzle.seat)
        assert sum(1 for t in line if t["winner"] in side) == puzzle.values[puzzle.answer]


def test_seat_puzzles_are_german_second_half_and_open_ones_the_others(puzzles):
    for puzzle, state in puzzles:
        assert puzzle.kind == ("seat" if state.rules.game == "german" else "open")


def test_a_forced_card_is_no_puzzle():
    found, _, states = _cut("whist", 4, 1)
    forced = next(
        s for s in states.values()
        if s.phase == "play" and len(legal_actions(s, s.to_act, resign_too=False)) == 1
    )  # fmt: skip
    assert judge(forced, 0, forced.deal_no, _Searches()) is None


def test_move_key_names_cards_and_knocks():
    replay = check(to_record(play("knockout", 4, ["club"] * 4, 1)))
    state = replay.steps[-1].before
    for action in legal_actions(state, state.to_act, resign_too=False):
        assert action_for(state, move_key(action)) == action


def _facts(puzzle, state) -> set[str]:
    """Each theme's fact read afresh from the position and the line (learning.puzzles.themes)."""
    from games.engine.cards import SUIT_MASK, SUIT_OF, parse_card
    from games.engine.tricks import beats, winning_play

    facts = set()
    if getattr(state, "dogs", ()) or puzzle.answer == "knock":
        facts.add("dogs_life")
    if puzzle.answer == "knock":
        return facts
    card, trump, side = parse_card(puzzle.answer), state.trump, side_of_seat(state, puzzle.seat)
    trumps = lambda c: trump < 4 and SUIT_OF[c] == trump  # noqa: E731
    plain = parse_card(puzzle.plain) if puzzle.plain not in ("", "knock") else None
    if (not state.trick and trumps(card)) or (state.trick and plain is not None
                                              and trumps(plain) and not trumps(card)):  # fmt: skip
        facts.add("trump_control")
    suit = SUIT_MASK[SUIT_OF[card]]
    if not state.trick and not any(h & suit for s, h in enumerate(state.hands) if s != puzzle.seat):
        facts.add("count_the_suit")
    first, second = (puzzle.line + [None, None])[:2]
    if second and first["winner"] not in side and second["winner"] in side:
        if second["plays"][0][0] == first["winner"]:
            facts.add("throw_in")
    if state.trick:
        top = winning_play(state.trick, trump)[1]
        legal = [a.card for a in legal_actions(state, puzzle.seat, resign_too=False) if a.card >= 0]
        if not beats(card, top, trump) and any(beats(c, top, trump) for c in legal):
            facts.add("duck")
    return facts


def test_each_theme_is_its_fact_in_the_position_and_the_line(puzzles):
    seen = set()
    for puzzle, state in puzzles:
        assert set(puzzle.themes) == _facts(puzzle, state), puzzle
        seen |= set(puzzle.themes)
    assert "trump_control" in seen
