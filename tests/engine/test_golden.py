"""Golden files: the arena's decisions and the seat and spectator views stay exactly as recorded.

Both files were written before the engine's redesign and must not change with a
refactoring. Write them again only for a deliberate change of behaviour, with
`WHIST_WRITE_GOLDEN=1 pytest tests/engine/test_golden.py`, and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from games.engine import Action, apply, arena, can_resign, legal_actions, make_rules, new_game
from games.engine.bots import expert, expert_trump
from games.engine.record import to_record
from games.engine.solvers import two_hand as two_hand_solver
from games.engine.views import seat_view, spectator_view

GOLDEN = Path(__file__).parent / "golden"
WRITE = os.environ.get("WHIST_WRITE_GOLDEN") == "1"

ARENA_RUNS = {
    "knockout-3": (("knockout", 3, {}), ["beginner", "club", "expert"]),
    "knockout-4-variants": (
        ("knockout", 4, {"exchange": True, "eliminated_vote": True, "no_trump_allowed": True,
                         "dogs_life": "once_per_player", "lead": "trump_chooser"}),
        ["expert", "club", "beginner", "club"],
    ),
    "whist": (("whist", 4, {"honours": True}), ["expert", "club", "beginner", "club"]),
    "german": (("german", 2, {}), ["expert", "club"]),
    "german-beginner": (("german", 2, {}), ["beginner", "expert"]),
}  # fmt: skip

VIEW_GAMES = {
    "knockout-3": ("knockout", 3, {}),
    "knockout-5-dutch": (
        "knockout", 5, {"lead": "trump_chooser", "sweep_wins": True, "dogs_life": "once_per_player"}
    ),
    "knockout-4-everything": (
        "knockout", 4, {"exchange": True, "eliminated_vote": True, "no_trump_allowed": True,
                        "rainbow": True, "last_round_no_trump": True, "start_cards": 5}
    ),
    "knockout-2-fixed": ("knockout", 2, {"trump": "fixed", "safe_first_round": True}),
    "whist-target-2": ("whist", 4, {"target": 2, "honours": True}),
    "whist-rubber": ("whist", 4, {"target": 1, "rubber": True}),
    "german": ("german", 2, {}),
    "german-3": ("german", 2, {"games": 3}),
}  # fmt: skip


@pytest.fixture
def fixed_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sample counts instead of time budgets, so the Expert decides the same on any machine,
    and fresh German Whist solvers, so it decides the same after any earlier test in the
    process (a table filled by other tests broke a tie the other way under pytest-xdist)."""
    monkeypatch.setattr(two_hand_solver, "_SHARED", {})
    monkeypatch.setattr(expert, "BUDGET", 1e9)
    monkeypatch.setattr(expert, "SOLVE_BUDGET", 1e9)
    monkeypatch.setattr(expert, "LATE_BUDGET", 1e9)
    monkeypatch.setattr(expert, "MIN_SAMPLES", 4)
    monkeypatch.setattr(expert, "MAX_SAMPLES", 8)
    monkeypatch.setattr(expert_trump, "BUDGET", 1e9)
    monkeypatch.setattr(expert_trump, "MAX_SAMPLES", 8)


def _compare(name: str, got: Any) -> None:
    path = GOLDEN / f"{name}.json"
    if WRITE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    want = json.loads(path.read_text())
    assert len(got) == len(want), f"{name}: {len(got)} entries, the golden file has {len(want)}"
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert g == w, f"{name}: entry {i} differs from the golden file"


@pytest.mark.parametrize("name", ARENA_RUNS)
def test_a_fixed_arena_run_makes_the_recorded_decisions(name, fixed_expert, monkeypatch):
    (game, players, options), bots = ARENA_RUNS[name]
    rules = make_rules(game, players, **options)
    decisions: list[list[Any]] = []
    choose = arena.choose_action

    def recording(view: dict[str, Any], level: str, seed: int = 0) -> dict[str, Any]:
        event = choose(view, level, seed=seed)
        decisions.append([level, seed, event])
        return event

    monkeypatch.setattr(arena, "choose_action", recording)
    tally = arena.run(rules, bots, deals=2, seed=7)
    scores = {level: tally.scores[level] for level in sorted(tally.scores)}
    _compare(f"arena-{name}", [scores, *decisions])


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:20]


@pytest.mark.parametrize("name", VIEW_GAMES)
def test_the_views_of_fixed_games_are_the_recorded_ones(name):
    """Every seat's view and the spectator's after every action, then the game's record."""
    game, players, options = VIEW_GAMES[name]
    rules = make_rules(game, players, **options)
    rng = random.Random(name)
    state = new_game(rules, seed=11)
    steps = []
    while not state.over and len(steps) < 400:
        views = [seat_view(state, s) for s in range(players)] + [spectator_view(state)]
        steps.append(_digest(views))
        moves = legal_actions(state, resign_too=False)
        state = apply(state, moves[rng.randrange(len(moves))])
    steps.append(_digest([seat_view(state, s) for s in range(players)] + [spectator_view(state)]))
    steps.append(to_record(state))
    _compare(f"views-{name}", steps)


@pytest.mark.parametrize("game, players", [("knockout", 4), ("whist", 4), ("german", 2)])
def test_the_views_after_a_resignation_are_the_recorded_ones(game, players):
    """A resignation mid-game: Knockout goes on with a bot for the seat; the others end."""
    rules = make_rules(game, players)
    rng = random.Random(game)
    state = new_game(rules, seed=5)
    steps = []
    for step in range(300):
        if state.over:
            break
        views = [seat_view(state, s) for s in range(players)] + [spectator_view(state)]
        steps.append(views if step in (9, 10, 11) else _digest(views))
        if step == 10 and can_resign(state, 1):
            state = apply(state, Action("resign", 1))
            continue
        moves = legal_actions(state, resign_too=False)
        state = apply(state, moves[rng.randrange(len(moves))])
    steps.append(to_record(state))
    _compare(f"resign-{game}", steps)
