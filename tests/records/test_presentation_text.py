"""The server's words for a stored game (score sheet, history score, how it ended) and for a
game in play (the lobby's stage line) are the engine's presentation data said in the
reader's language (games.engine.presentation, games/texts.py), and say exactly what they said
before: seeded games of the three games, played by the first legal action, against the
texts recorded in presentation_text.json (`python -m tests.records.test_presentation_text`
writes it from the code it runs on)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from django.utils import translation

from games.engine import apply, legal_actions, make_rules, new_game, places
from games.engine.record import to_record

GOLDEN = Path(__file__).with_name("presentation_text.json")
GAMES = [
    ("knockout", 4, {}), ("knockout", 5, {"start_cards": 5}), ("whist", 4, {}),
    ("whist", 4, {"target": 5, "honours": True, "rubber": True}), ("german", 2, {}),
    ("german", 2, {"games": 3}),
]  # fmt: skip
SEEDS = (7, 8)


def played(game: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    state = new_game(make_rules(game, players, **options), seed=seed)
    states = [state]
    while not state.over:
        state = apply(state, legal_actions(state, resign_too=False)[0])
        states.append(state)
    return states


def texts() -> dict[str, Any]:
    from games.sockets.lobby_rows import stage_text
    from records import presenters

    out: dict[str, Any] = {}
    for language in ("en", "de", "nl"):
        with translation.override(language):
            for game, players, options in GAMES:
                for seed in SEEDS:
                    states = played(game, players, options, seed)
                    final = states[-1]
                    seats = [{"name": f"P{i}", "user": i + 1, "username": f"p{i}", "bot": None}
                             for i in range(players)]  # fmt: skip
                    stored = SimpleNamespace(game=game, options=final.rules.option_dict(),
                                             seats=seats, record=to_record(final))  # fmt: skip
                    place = places(final.result["ranking"], players)
                    key = f"{language} {game} {players} {json.dumps(options)} {seed}"
                    out[key] = {
                        "sheet": presenters.score_sheet(stored),
                        "scores": [
                            presenters.score_text(game, final.result, s, place[s], players)
                            for s in range(players)
                        ],  # fmt: skip
                        "reason": presenters.reason_text(final.result["reason"], stored),
                        "stages": sorted({stage_text(game, s.game.stage(s)) for s in states}),
                    }
    return out


def test_the_server_says_each_games_presentation_as_before():
    assert texts() == json.loads(GOLDEN.read_text())


if __name__ == "__main__":
    import django

    django.setup()
    GOLDEN.write_text(json.dumps(texts(), indent=1, ensure_ascii=False, sort_keys=True) + "\n")
