"""The exact two-hand solver against plain minimax, and the Expert's German Whist second half."""

from __future__ import annotations

import random
from functools import cache

import pytest

from games.engine import action_from_event, apply, make_rules, new_game
from games.engine.bots import choose_action, expert
from games.engine.cards import SUIT_MASK
from games.engine.solvers.two_hand import OutOfTime, Solver, shared
from games.engine.state import State
from games.engine.views import seat_view


def beats(card: int, led: int, trump: int) -> bool:
    return card > led if card // 13 == led // 13 else card // 13 == trump


def minimax(lead: int, other: int, trump: int) -> int:
    """Most tricks for the hand on lead, by trying every card (no pruning, no equivalences)."""

    @cache
    def f(a: int, b: int) -> int:
        k = a.bit_count()
        if not k:
            return 0
        best = 0
        for x in (c for c in range(52) if a >> c & 1):
            answers = b & SUIT_MASK[x // 13] or b
            worst = k
            for y in (c for c in range(52) if answers >> c & 1):
                a2, b2 = a ^ (1 << x), b ^ (1 << y)
                v = k - 1 - f(b2, a2) if beats(y, x, trump) else 1 + f(a2, b2)
                worst = min(worst, v)
            best = max(best, worst)
        return best

    return f(lead, other)


def test_the_solver_agrees_with_plain_minimax_on_small_endings():
    rng = random.Random(4)
    for size in (1, 2, 3, 4, 5):
        for _ in range(60):
            deck = rng.sample(range(52), 2 * size)
            lead = sum(1 << c for c in deck[:size])
            other = sum(1 << c for c in deck[size:])
            trump = rng.randrange(4)
            assert Solver(trump).value(lead, other) == minimax(lead, other, trump)


def test_the_expert_plays_german_second_half_endings_optimally():
    """From five cards each on, every Expert card keeps the most tricks plain minimax allows."""
    checked = 0
    for seed in range(12):
        state = new_game(make_rules("german"), seed=seed)
        while not state.over:
            view = seat_view(state, state.to_act)
            small = state.half == 2 and state.hands[state.to_act].bit_count() <= 5
            event = choose_action(view, "expert" if small else "club", seed)
            if small and len(view["legal"]) > 1:
                checked += 1
                assert _value(state, event) == max(_value(state, e) for e in view["legal"])
            state = apply(state, action_from_event(event))
    assert checked > 20


def _value(state: State, event: dict) -> int:
    """Tricks the seat to play takes from here after `event`, both sides then playing best."""
    seat, trump = state.to_act, state.trump
    me, opp = state.hands[seat], state.hands[1 - seat]
    card = action_from_event(event).card
    k = me.bit_count()
    if state.trick:
        led = state.trick[0][1]
        opp2, me2 = opp, me ^ (1 << card)
        if beats(card, led, trump):
            return 1 + minimax(me2, opp2, trump)
        return k - 1 - minimax(opp2, me2, trump)
    answers = opp & SUIT_MASK[card // 13] or opp
    me2 = me ^ (1 << card)
    return min(
        k - 1 - minimax(opp ^ (1 << y), me2, trump) if beats(y, card, trump)
        else 1 + minimax(me2, opp ^ (1 << y), trump)
        for y in (c for c in range(52) if answers >> c & 1)
    )  # fmt: skip


def test_a_second_half_search_past_its_deadline_gives_way_to_playouts(monkeypatch):
    """No decision waits on the exact search: out of time, the Expert still plays a legal card."""
    monkeypatch.setattr(expert, "SOLVE_BUDGET", -1.0)  # every search is already late
    monkeypatch.setattr(expert, "BUDGET", 1e9)
    monkeypatch.setattr(expert, "MAX_SAMPLES", 4)
    state = new_game(make_rules("german"), seed=5)
    while state.half != 2 or state.hands[state.to_act].bit_count() < 13:
        state = apply(
            state, action_from_event(choose_action(seat_view(state, state.to_act), "club"))
        )
    view = seat_view(state, state.to_act)
    with pytest.raises(OutOfTime):
        solver = Solver(state.trump)
        solver.deadline = 0.0
        solver.value(state.hands[state.to_act], state.hands[1 - state.to_act])
    assert choose_action(view, "expert", seed=1) in view["legal"]


def test_the_shared_solver_keeps_its_table_from_deal_to_deal_and_stays_exact():
    """One table serves every deal of a trump suit (keys ignore the ranks already played)."""
    rng = random.Random(9)
    solver = shared(2)
    for _ in range(80):
        deck = rng.sample(range(52), 10)
        lead = sum(1 << c for c in deck[:5])
        other = sum(1 << c for c in deck[5:])
        assert shared(2).value(lead, other) == minimax(lead, other, 2)
    assert shared(2) is solver and solver.table
