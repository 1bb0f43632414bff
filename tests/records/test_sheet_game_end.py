"""A Knockout Whist game that ends during a round (the final trick, a sweep, a rainbow):
the players still in then share second place (docs/rules.md §1.6), and the game page's score
sheet says so as the table's panel does ("in"), not "out" (seen on a rainbow win's page:
"0 tricks · out" beside a ranking of second equal). Games played by the engine."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import translation

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.presentation import present
from games.engine.record import to_record
from games.engine.views import spectator_view
from records import presenters


def played_to(reason: str, **options: Any) -> Any:
    """The first seeded 3-player game, played by the first legal action, ending by `reason`."""
    for seed in range(200):
        state = new_game(make_rules("knockout", 3, **options), seed=seed)
        while not state.over:
            state = apply(state, legal_actions(state, resign_too=False)[0])
        if state.result["reason"] == reason:
            return state
    raise AssertionError(f"no seed ends by {reason}")


def last_row(state: Any) -> list[str]:
    seats = [{"name": f"P{i}", "user": i + 1, "username": f"p{i}", "bot": None} for i in range(3)]
    stored = SimpleNamespace(game="knockout", options=state.rules.option_dict(), seats=seats,
                             record=to_record(state))  # fmt: skip
    with translation.override("en"):
        cells: list[str] = presenters.score_sheet(stored)["rows"][-1]["cells"]
    return cells


@pytest.mark.parametrize(
    ("reason", "options"),
    [("rainbow", {"start_cards": 4, "rainbow": True}), ("final_trick", {"start_cards": 3})],
)
def test_the_sheet_marks_nobody_out_whom_the_result_ranks_still_in(reason, options):
    state = played_to(reason, **options)
    (winner,), second = state.result["ranking"][0], state.result["ranking"][1]
    cells = last_row(state)
    panel = present(spectator_view(state))["scores"][0]["table"]["rows"]
    for seat in second:
        assert panel[seat][2] != {"key": "out"}  # in, or on a dog's life
        assert "out" not in cells[seat], (reason, cells)
    if reason == "rainbow":  # no trick was played: the winner held the rainbow
        assert cells[winner] == "rainbow" and [cells[s] for s in second] == ["in"] * len(second)
