"""Game analysis: German Whist's second half shows exactly the solver's best cards; the last
tricks of Whist and Knockout Whist are searched exactly (checked against a plain minimax
on the engine itself); estimates are marked as such; the summary counts lost tricks."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import apply, legal_actions, make_rules
from games.engine.analysis import (
    EXACT_CARDS,
    _paired_margin,
    _Searches,
    analyse,
    estimate_spread,
    exact_values,
)
from games.engine.cards import card_str
from games.engine.record_check import check
from games.engine.simulate import random_game
from games.engine.solvers.two_hand import Solver
from games.engine.state import State

TINY = 0.001  # seconds of sampling per estimate: the estimates are not under test here


def _second_half(replay: Any) -> list[Any]:
    return [
        s for s in replay.steps
        if s.before.half == 2 and len(legal_actions(s.before, resign_too=False)) > 1
    ]  # fmt: skip


def _solver_best(state: State, solver: Solver) -> list[str]:
    """The best cards by the solver's own value of each position after the card (one ply of
    minimax on Solver.value, tricks resolved by the engine)."""
    seat = state.to_act
    values = {}
    for action in legal_actions(state, resign_too=False):
        values[card_str(action.card)] = _after(apply(state, action), seat, solver)
    best = max(values.values())
    return sorted(c for c, v in values.items() if v == best)


def _after(state: State, seat: int, solver: Solver) -> int:
    """Tricks `seat` takes from the trick just played into on, best play on both sides."""
    if state.trick:  # the other seat answers, as badly for `seat` as it can
        return min(_after(apply(state, a), seat, solver)
                   for a in legal_actions(state, resign_too=False))  # fmt: skip
    won = 1 if state.last_trick.winner == seat else 0
    if state.over or not state.trick_log:  # that was the game's last trick
        return won
    left = state.hands[seat].bit_count()
    lead = state.to_act
    taken = solver.value(state.hands[lead], state.hands[1 - lead])
    return won + (taken if lead == seat else left - taken)


# Games of the test below: 30 games' 648 second-half positions (20-24 a game, each of every
# half's 13 leads and follows, the deepest searches first). It played 100 games (2,176
# positions, 12.4 of the unit run's CPU-s) for the same comparison; each game is a new deal
# and trump, and one wrong value in any position fails it (docs/benchmarks.md, tenth session).
GERMAN_GAMES = 30


def test_german_second_half_best_cards_equal_the_solvers_in_30_games():
    """The exact search behind every second-half position (analyse's exact_values: the
    solver's lead and follow values) against one ply played on the engine with the solver's
    value after it, in 30 random games. Both read the solver of the analysis's cache, so a
    position is searched once (the two searched each position apart before: half this
    test's CPU, for the same values). The first half's estimates are not under test: the
    whole analysis, estimates and all, is run by the test below on 10 of them."""
    positions = 0
    for seed in range(GERMAN_GAMES):
        replay = check(random_game(make_rules("german"), seed=seed))
        cache = _Searches()
        for step in _second_half(replay):
            values = exact_values(step.before, cache)
            assert values is not None, (seed, step.number)
            best = sorted(c for c, v in values.items() if v == max(values.values()))
            solver = cache.found[("german", step.before.deal_no, step.before.trump)]
            assert best == _solver_best(step.before, solver), (seed, step.number)
            positions += 1
    assert positions > 600


def test_german_second_half_positions_of_the_analysis_are_exact_with_the_solvers_best():
    positions = 0
    for seed in range(10):
        replay = check(random_game(make_rules("german"), seed=seed))
        shown = analyse(replay, budget=TINY)["positions"]
        solver = Solver(replay.start.trump)
        for step in _second_half(replay):
            entry = shown[str(step.number)]
            solver = _solver_for(step.before, solver)
            assert entry["kind"] == "exact"
            assert entry["best"] == _solver_best(step.before, solver), (seed, step.number)
            positions += 1
    assert positions > 150


def _solver_for(state: State, solver: Solver) -> Solver:
    return solver if solver.trump == state.trump else Solver(state.trump)


def _minimax(state: State, side: set[int], deal: int) -> int:
    """Tricks `side` takes from here to the end of the deal: a plain search on the engine."""
    if state.over or state.deal_no != deal:
        return 0
    values = [_move_value(state, a, side, deal) for a in legal_actions(state, resign_too=False)]
    return max(values) if state.to_act in side else min(values)


def _move_value(state: State, action: Any, side: set[int], deal: int) -> int:
    after = apply(state, action)
    done = after.last_trick is not state.last_trick
    return (1 if done and after.last_trick.winner in side else 0) + _minimax(after, side, deal)


def _move_name(action: Any) -> str:
    return "knock" if action.kind == "knock" else card_str(action.card)


ENDGAMES = [
    ("whist", 4, {}, 8),
    ("knockout", 4, {}, 9),
    ("knockout", 3, {"dogs_life": "once_per_player", "start_cards": 5}, 9),
    ("knockout", 5, {"dogs_life": "once_per_player"}, 9),
]


@pytest.mark.parametrize("game, players, options, cards", ENDGAMES)
def test_the_exact_search_of_the_last_tricks_equals_a_plain_minimax(game, players, options, cards):
    checked = knocks = 0
    for seed in range(40):
        replay = check(random_game(make_rules(game, players, **options), seed=seed))
        for step in replay.steps:
            state = step.before
            left = sum(h.bit_count() for h in state.hands) + len(state.trick)
            legal = legal_actions(state, resign_too=False)
            if state.phase != "play" or left > cards or len(legal) < 2:
                continue
            seat = state.to_act
            side = {seat, (seat + 2) % 4} if game == "whist" else {seat}
            expected = {_move_name(a): _move_value(state, a, side, state.deal_no) for a in legal}
            assert exact_values(state, _Searches()) == expected, (seed, step.number)
            checked += 1
            knocks += "knock" in expected
    assert checked > 100 and (game == "whist" or players == 4 or knocks)


def test_estimates_are_marked_and_exact_positions_carry_their_loss():
    replay = check(random_game(make_rules("whist"), seed=4))
    found = analyse(replay, budget=TINY)
    kinds = {e["kind"] for e in found["positions"].values()}
    assert kinds == {"exact", "estimate"}
    for number, entry in found["positions"].items():
        state = replay.steps[int(number)].before
        left = sum(h.bit_count() for h in state.hands) + len(state.trick)
        assert (entry["kind"] == "exact") == (left <= EXACT_CARDS)
        assert entry["best"] and set(entry["best"]) <= set(entry["values"])
        assert ("loss" in entry) == (entry["kind"] == "exact")
    for row in found["summary"]:
        mine = [e for e in found["positions"].values() if e["seat"] == row["seat"]]
        lost = [e["loss"] for e in mine if e.get("loss")]
        assert row["given_away"] == len(lost) and row["tricks_lost"] == sum(lost)


def test_an_estimate_is_computed_from_the_seat_view_only():
    """Two deals that differ only in cards the seat to act cannot see give the same estimate."""
    record = random_game(make_rules("whist"), seed=8)
    state = check(record).steps[0].before
    seat = state.to_act
    other = [
        s for s in range(4) if s not in (seat, state.dealer)
    ]  # the dealer holds the turned card
    swapped = list(state.hands)
    a, b = state.hands[other[0]], state.hands[other[1]]
    swapped[other[0]], swapped[other[1]] = b, a
    twin = state.clone()
    twin.hands = tuple(swapped)
    assert estimate_spread(state, 1, TINY)["values"] == estimate_spread(twin, 1, TINY)["values"]


# The analysis in players' words.


def test_the_tie_margin_is_two_paired_standard_errors_from_the_sample_count():
    best, other = [1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0]  # differences 1, 0, 0, 1
    # mean 0.5, sample variance 1/3, standard error sqrt(1/3 / 4)
    assert _paired_margin(best, other) == pytest.approx(2 * (1 / 12) ** 0.5)
    assert _paired_margin(best, best) == 0.0


def test_estimates_within_the_sampling_error_of_the_best_are_all_shown_as_best():
    record = random_game(make_rules("knockout", 4), seed=3)
    steps = [
        s for s in check(record).steps[:8] if len(legal_actions(s.before, resign_too=False)) > 2
    ]
    assert steps
    for step in steps:
        found = estimate_spread(step.before, 1, 0.05)
        assert found is not None and found["samples"] >= 12
        values, margin = found["values"], found["margin"]
        top = max(values.values())
        for card, value in values.items():
            gap = top - value - margin[card]  # the figures are rounded to 0.001
            if abs(gap) > 0.002:
                assert (card in found["best"]) == (gap < 0), (card, value, top, margin[card])


def test_every_analysed_position_says_what_its_numbers_count():
    measures = {("whist", True): "side_tricks", ("whist", False): "side_tricks",
                ("knockout", True): "sure_tricks", ("knockout", False): "win_chance",
                ("german", True): "tricks", ("german", False): "win_chance_tricks"}  # fmt: skip
    seen = set()
    for game, players, seed in (("whist", 4, 2), ("knockout", 3, 4), ("german", 2, 6)):
        record = random_game(make_rules(game, players), seed=seed)
        found = analyse(check(record), budget=TINY)
        for entry in found["positions"].values():
            exact = entry["kind"] == "exact"
            assert entry["measure"] == measures[(game, exact)]
            assert ("margin" in entry and "samples" in entry) == (not exact)
            seen.add((game, exact))
    assert len(seen) == 6
