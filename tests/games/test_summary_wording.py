"""The round summary's sentences read right to every player, the one they name included."""

from __future__ import annotations

import random

from django.utils import translation

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.presentation import present
from games.engine.views import seat_view
from games.texts import say


def test_the_trump_chooser_reads_a_grammatical_sentence() -> None:
    """Knockout Whist's summary said "%(name)s chooses trump for round %(n)s." with "you" as
    the name for the chooser: "you chooses trump for round 2." (German "du bestimmt ...")."""
    rng = random.Random(3)
    names = ["Ann", "Bob", "Cy"]
    for seed in range(20):
        state = new_game(make_rules("knockout", 3), seed=seed)
        while not state.over:
            view = seat_view(state, 0)
            summary = present(view)["summary"]
            if summary and view["chooser"] == 0 and view["phase"] == "trump":
                lines = [b["p"] for b in summary["blocks"] if b.get("testid") == "summary-chooser"]
                with translation.override("en"):
                    said = say(lines[0], names, viewer=0)
                assert said == f"Ann chooses trump for round {view['round']}.", said
                return
            state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no game gave seat 0 the choice of trump")


def test_the_exchange_line_says_how_many_cards_apart_from_the_name() -> None:
    """Knockout Whist's panel said "Exchanged: Bot (Beginner) 4 2, Bot (Beginner) 2 3": a count
    after a name that ends in a number read as part of the name."""
    rng = random.Random(4)
    names = ["Ann", "Bot (Beginner) 2", "Bot (Beginner) 3"]
    for seed in range(30):
        state = new_game(make_rules("knockout", 3, exchange=True), seed=seed)
        while not state.over:
            view = seat_view(state, 0)
            if view["exchanged"]:
                swaps = {s: n for s, n in view["exchanged"]}
                with translation.override("en"):
                    said = " ".join(say(b["p"], names, viewer=0) for b in present(view)["info"]
                                    if isinstance(b, dict) and "p" in b)  # fmt: skip
                for s, n in swaps.items():
                    word = "card" if n == 1 else "cards"
                    assert f"{names[s]} ({n} {word})" in said, said
                return
            state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no game with an exchange")
