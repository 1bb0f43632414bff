"""An equivalence digest of the rules engine: every state, legal action list, view,
refusal, take-back, claim and record of random games over the rule variants and seeds.

A change meant to make the engine faster, not different, leaves every digest as it was:
run it before and after and compare the lines. Run: `.venv/bin/python bench/engine_digest.py
[--seeds 8]`; it prints one digest per rule variant and one of them all.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import (  # noqa: E402
    Action,
    IllegalAction,
    apply,
    legal_actions,
    make_rules,
    new_game,
)
from games.engine.actions import CLAIM, PLAY, TAKEBACK  # noqa: E402
from games.engine.claims import tricks_left  # noqa: E402
from games.engine.record import replay_record, to_record  # noqa: E402
from games.engine.state import State, fields  # noqa: E402
from games.engine.views import seat_view, spectator_view  # noqa: E402

KNOCKOUT: list[dict[str, Any]] = [
    {"lead": "trump_chooser", "sweep_wins": True, "dogs_life": "once_per_player"},
    {"exchange": True}, {"eliminated_vote": True, "no_trump_allowed": True},
    {"rainbow": True, "last_round_no_trump": True, "start_cards": 5},
    {"trump": "fixed", "safe_first_round": True}, {"dogs_life": "off"},
    {"start_cards": 1}, {"start_cards": 8, "exchange": True, "eliminated_vote": True},
    {"dogs_life": "once_per_player", "rainbow": True, "sweep_wins": True},
]  # fmt: skip
VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    *(("knockout", n, {}) for n in range(2, 8)),
    *(("knockout", 4, o) for o in KNOCKOUT),
    ("knockout", 3, KNOCKOUT[1]), ("knockout", 6, KNOCKOUT[0]), ("knockout", 2, KNOCKOUT[4]),
    ("whist", 4, {}), ("whist", 4, {"target": 2, "honours": True}),
    ("whist", 4, {"target": 1, "rubber": True}), ("whist", 4, {"trump_suit": "hearts"}),
    ("whist", 4, {"trump_suit": "none", "target": 3}),
    ("whist", 4, {"target": 7, "honours": True, "rubber": True}),
    ("german", 2, {}), ("german", 2, {"games": 3}), ("german", 2, {"games": 2}),
    ("german", 2, {"games": 1}),
]  # fmt: skip


def canon(state: State) -> str:
    """Every field of a state, the state kept for a take-back included."""
    parts = []
    every = fields(state)  # vars(state) and the slots
    for key in sorted(every):
        value = every[key]
        if key == "game":
            value = value.name
        elif key == "undo" and value is not None:
            value = canon(value)
        parts.append(f"{key}={value!r}")
    return "\n".join(parts)


def refusal(state: State, action: Action) -> str:
    try:
        after = apply(state, action)
    except IllegalAction as exc:
        return f"refused {exc.code} {exc}"
    return f"accepted {canon(after)}"


def game(rules: Any, seed: int, h: Any) -> None:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    n = rules.players
    while not state.over:
        before = canon(state)
        h.update(before.encode())
        for seat in range(n):
            h.update(repr(legal_actions(state, seat)).encode())
            h.update(json.dumps(seat_view(state, seat)).encode())
        h.update(json.dumps(spectator_view(state)).encode())
        roll = rng.random()
        if roll < 0.04:  # a take-back by a random seat (most are refused)
            h.update(refusal(state, Action(TAKEBACK, rng.randrange(n))).encode())
        elif roll < 0.07:  # a card from a random seat, mostly not legal
            card = Action(PLAY, rng.randrange(n), card=rng.randrange(53))
            h.update(refusal(state, card).encode())
        elif roll < 0.08 and tricks_left(state) <= 3:
            claim = Action(CLAIM, state.to_act, tricks=rng.randrange(tricks_left(state) + 1))
            h.update(refusal(state, claim).encode())
        moves = legal_actions(state, resign_too=rng.random() < 0.01)
        action = moves[int(rng.random() * len(moves))]
        if rng.random() < 0.05 and action.kind == PLAY:  # played, then taken back and replayed
            played = apply(state, action)
            h.update(refusal(played, Action(TAKEBACK, action.seat)).encode())
        previous, state = state, apply(state, action)
        if canon(previous) != before:
            raise AssertionError("apply changed the state it was given")
    h.update(canon(state).encode())
    record = to_record(state)
    h.update(json.dumps(record, sort_keys=True).encode())
    h.update(repr(replay_record(json.loads(json.dumps(record)))).encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=8)
    seeds = parser.parse_args().seeds
    total = hashlib.sha256()
    for game_name, players, options in VARIANTS:
        h = hashlib.sha256()
        rules = make_rules(game_name, players, **options)
        for seed in range(seeds):
            game(rules, seed, h)
        total.update(h.digest())
        print(f"{h.hexdigest()[:16]} {game_name} {players} {options}")
    print(f"{total.hexdigest()[:16]} all {len(VARIANTS)} variants x {seeds} seeds")


if __name__ == "__main__":
    main()
