"""What each game is, for everything outside its rules: partners, how it can end, presets
(how it is shown: presentation/). Read from the game's `Game` (protocol.py), so that
nothing outside the engine branches on a game's name (docs/architecture.md §3)."""

from __future__ import annotations

from typing import Any

from . import german, knockout, whist
from .protocol import Game
from .rules import PLAYERS, Ruleset, option_fields

GAMES_BY_NAME: dict[str, Game[Any]] = {g.name: g for g in (knockout.GAME, whist.GAME, german.GAME)}


def game_of(name: str) -> Game[Any]:
    """The game of a rules name (knockout, whist, german); KeyError for another."""
    return GAMES_BY_NAME[name]


def sides(game: str, players: int) -> list[list[int]]:
    """The seats of each side: the game's partnerships, else every seat on its own."""
    partnerships = game_of(game).partnerships
    if partnerships:
        return [list(side) for side in partnerships]
    return [[seat] for seat in range(players)]


Sides = tuple[tuple[int, ...], ...] | list[list[int]]


def unit_of(partnerships: Sides, seat: int) -> int:
    """The index of the seat's partnership among `partnerships` (a game's), else the seat."""
    return next((i for i, side in enumerate(partnerships) if seat in side), seat)


def side_of(game: str, seat: int) -> int:
    """The index of the seat's side in `sides`."""
    return unit_of(game_of(game).partnerships, seat)


def partner(game: str, seat: int) -> int | None:
    """The seat's partner, or None in a game where every seat plays for itself."""
    for side in game_of(game).partnerships:
        if seat in side:
            return next(s for s in side if s != seat)
    return None


def fixed_players(game: str) -> int | None:
    """The number of players of a game played by a fixed number (Whist: 4), else None (a
    game for any number within its range: Knockout Whist, 2 to 7)."""
    low, high = PLAYERS[game]
    return low if low == high else None


def preset_options(game: str) -> dict[str, dict[str, Any]]:
    """Each preset of the game with all its options ({} for a game without presets)."""
    defaults = {f.name: f.default for f in option_fields(game)}
    return {name: {**defaults, **changes} for name, changes in game_of(game).presets.items()}


def matching_preset(game: str, options: dict[str, Any]) -> str:
    """The preset whose options these are ('classic', 'dutch'), or '' for custom rules (and
    for a game without presets)."""
    return next((n for n, full in preset_options(game).items() if options == full), "")


def standard_options(game: str, options: dict[str, Any]) -> bool:
    """Whether these options are standard (rated) by the game's descriptors, as the
    create-table form reads them from `page_facts`: one of the presets unchanged where the
    game asks for it, and each option it names at one of its standard values."""
    g = game_of(game)
    if g.standard_presets_only and not matching_preset(game, options):
        return False
    return all(options.get(name) in values for name, values in g.standard_values.items())


def is_standard(rules: Ruleset) -> bool:
    """Whether these are rules the rules book names as standard, the only ones a rated table
    plays: Knockout Whist's Classic or Dutch preset (docs/rules.md §1.8), Whist to 5 or 7 points
    without honours, one game or a rubber (docs/rules.md §2), German Whist of any match length.
    Any other option is a house rule. The length of a match is its format, not a house rule."""
    return standard_options(rules.game, rules.option_dict())


def page_facts(game: str) -> dict[str, Any]:
    """The descriptors a page's script reads instead of the game's name (JSON)."""
    g = game_of(game)
    return {
        "partnerships": [list(side) for side in g.partnerships],
        "result_reasons": list(g.result_reasons),
        "resign_ends_game": g.resign_ends_game,
        "presets": sorted(g.presets),
        "players": list(PLAYERS[game]),
        "deal_tricks": g.deal_tricks,
        "claims_after_talon": g.claims_after_talon,
        "standard": {
            "presets_only": g.standard_presets_only,
            "values": {name: list(values) for name, values in g.standard_values.items()},
        },
    }
