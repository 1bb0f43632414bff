"""Build the cross-check corpus: records covering all games, player counts and option values.

Knockout: every player count 2-7 crossed with options drawn so that every value of every
option occurs many times, plus both presets; Whist: every target with and without honours
and rubber; German Whist: every match length.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from games.engine.rules import RulesError, make_rules
from games.engine.simulate import random_game

KNOCKOUT_FLAGS = (
    "safe_first_round", "no_trump_allowed", "last_round_no_trump", "exchange", "rainbow",
    "sweep_wins", "eliminated_vote",
)  # fmt: skip


def knockout_options(rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {flag: rng.random() < 0.5 for flag in KNOCKOUT_FLAGS}
    options["dogs_life"] = rng.choice(("once_per_game", "once_per_player", "off"))
    options["lead"] = rng.choice(("left_of_dealer", "trump_chooser"))
    options["trump"] = rng.choice(("chosen", "fixed"))
    options["start_cards"] = rng.randint(1, 8)
    return options


def corpus(total: int = 2000, seed: int = 2026) -> Iterator[dict[str, Any]]:
    """`total` records: about 70% Knockout, 20% Whist, 10% German Whist."""
    rng = random.Random(seed)
    specs: list[tuple[str, int, dict[str, Any], str | None]] = []
    whist = [
        {"target": t, "honours": h, "rubber": r}
        for t, h, r in itertools.product(range(1, 16), (False, True), (False, True))
    ]
    specs += [("whist", 4, whist[i % len(whist)], None) for i in range(total // 5)]
    specs += [("german", 2, {"games": 1 + i % 15}, None) for i in range(total // 10)]
    specs += [("knockout", 2 + i % 6, {}, ("classic", "dutch")[i % 2]) for i in range(24)]
    while len(specs) < total:
        n = rng.randint(2, 7)
        options = knockout_options(rng)
        try:
            make_rules("knockout", n, **options)
        except RulesError:
            options["start_cards"] = min(options["start_cards"], 51 // n)
        specs.append(("knockout", n, options, None))
    for index, (game, n, options, preset) in enumerate(specs):
        yield random_game(make_rules(game, n, preset, **options), seed + index)
