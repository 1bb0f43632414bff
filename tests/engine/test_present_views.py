"""A broadcast's views presented at once (games.engine.presentation.present_views): each
view's `present` is what `present` gives it alone, at every state of whole games."""

from __future__ import annotations

import random

import pytest

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.presentation import present, present_views
from games.engine.views import seat_view, spectator_view, table_views


@pytest.mark.parametrize(
    ("game", "players"), [("knockout", 3), ("knockout", 4), ("whist", 4), ("german", 2)]
)
def test_each_views_present_is_what_present_gives_it_alone(game, players):
    rng = random.Random(5)
    for seed in range(3):
        state = new_game(make_rules(game, players), seed=seed)
        while True:
            spectator, views = table_views(state, range(players))
            present_views(spectator, views)
            assert spectator["present"] == present(spectator_view(state))
            for seat, view in enumerate(views):
                assert view["present"] == present(seat_view(state, seat))
            if state.over:
                break
            actions = legal_actions(state, resign_too=seed == 2 and rng.random() < 0.01)
            state = apply(state, rng.choice(actions))
