"""The ruleset: which game, how many players and every option, validated once (docs/rules.md)."""

from __future__ import annotations

from dataclasses import Field, dataclass, field, fields, replace
from typing import Any

from .errors import Explained, gettext_noop

GAMES = ("knockout", "whist", "german")
PLAYERS = {"knockout": (2, 7), "whist": (4, 4), "german": (2, 2)}


class RulesError(Explained):
    """A game, player count or option combination the rules book does not allow."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What an option may be: a label, and its choices (with labels) or its integer range.
    Labels are English, marked with `gettext_noop` for the site's catalogues."""

    label: str
    choices: tuple[tuple[str, str], ...] = ()
    low: int | None = None
    high: int | None = None


def option(default: Any, label: str, **spec: Any) -> Any:
    """A dataclass field for one option: its default, and its OptionSpec as field metadata."""
    return field(default=default, metadata={"spec": OptionSpec(label, **spec)})


@dataclass(frozen=True, slots=True)
class KnockoutOptions:
    """docs/rules.md §1, every option with its default."""

    start_cards: int = option(7, gettext_noop("Cards in the first round"), low=1, high=8)
    dogs_life: str = option(
        "once_per_game", gettext_noop("Dog's life"),
        choices=(("once_per_game", gettext_noop("Once per game")),
                 ("once_per_player", gettext_noop("Once per player")),
                 ("off", gettext_noop("Off"))),
    )  # fmt: skip
    safe_first_round: bool = option(
        False, gettext_noop("Safe first round (nobody is knocked out after round 1)")
    )
    lead: str = option(
        "left_of_dealer", gettext_noop("Who leads from round 2"),
        choices=(("left_of_dealer", gettext_noop("Left of the dealer (fair lead)")),
                 ("trump_chooser", gettext_noop("The trump chooser"))),
    )  # fmt: skip
    trump: str = option(
        "chosen", gettext_noop("Trump"),
        choices=(("chosen", gettext_noop("Chosen by the top player")),
                 ("fixed", gettext_noop("Fixed for the game"))),
    )  # fmt: skip
    no_trump_allowed: bool = option(False, gettext_noop("The chooser may declare no trump"))
    last_round_no_trump: bool = option(False, gettext_noop("Last (one-card) round without trump"))
    exchange: bool = option(False, gettext_noop("Exchange up to 3 cards with the stock"))
    rainbow: bool = option(
        False, gettext_noop("Rainbow: one card of each suit in the four-card round wins")
    )
    sweep_wins: bool = option(False, gettext_noop("Taking every trick of a round wins the game"))
    eliminated_vote: bool = option(False, gettext_noop("Knocked-out players vote on trump"))


@dataclass(frozen=True, slots=True)
class WhistOptions:
    """docs/rules.md §2."""

    target: int = option(5, gettext_noop("Points for a game"), low=1, high=15)
    honours: bool = option(False, gettext_noop("Honours count"))
    rubber: bool = option(False, gettext_noop("Play a rubber (best of three games)"))
    # docs/rules.md §2.8: a whist drive's hands have their trump fixed in advance.
    trump_suit: str = option(
        "turned", gettext_noop("Trump suit"),
        choices=(("turned", gettext_noop("The dealer's last card, turned")),
                 ("hearts", gettext_noop("Hearts")), ("clubs", gettext_noop("Clubs")),
                 ("diamonds", gettext_noop("Diamonds")), ("spades", gettext_noop("Spades")),
                 ("none", gettext_noop("No trump"))),
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class GermanOptions:
    """docs/rules.md §3."""

    games: int = option(1, gettext_noop("Games in the match"), low=1, high=15)


OPTION_TYPES = {"knockout": KnockoutOptions, "whist": WhistOptions, "german": GermanOptions}
GAME_NAMES = {
    "knockout": gettext_noop("Knockout Whist"),
    "whist": gettext_noop("Whist"),
    "german": gettext_noop("German Whist"),
}


def option_fields(game: str) -> list[Field[Any]]:
    """The option fields of one game in the order of docs/rules.md; each has `.metadata["spec"]`."""
    return list(fields(OPTION_TYPES[game]))


def _specs() -> dict[str, OptionSpec]:
    return {f.name: f.metadata["spec"] for cls in OPTION_TYPES.values() for f in fields(cls)}


# Derived from the fields above (no second list): the names of each choice, each range.
CHOICES = {n: tuple(c for c, _ in s.choices) for n, s in _specs().items() if s.choices}
RANGES = {
    n: (s.low, s.high) for n, s in _specs().items() if s.low is not None and s.high is not None
}
PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "dutch": {"lead": "trump_chooser", "sweep_wins": True, "dogs_life": "once_per_player"},
}

Options = KnockoutOptions | WhistOptions | GermanOptions
# Each options class's field names, in order: `dataclasses.fields()` walks a class's fields
# again on every call, and every view of every broadcast asks for its options.
OPTION_NAMES = {cls: tuple(f.name for f in fields(cls)) for cls in OPTION_TYPES.values()}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A game with its player count and options; build it with `make_rules`."""

    game: str
    players: int
    options: Options

    def option_dict(self) -> dict[str, Any]:
        """The options by name, in their fields' order (every view's `options`)."""
        options = self.options
        return {name: getattr(options, name) for name in OPTION_NAMES[type(options)]}


def make_rules(
    game: str, players: int | None = None, preset: str | None = None, **options: Any
) -> Ruleset:
    """Validate a game, a player count, a preset and options; raise RulesError naming the limit."""
    if game not in GAMES:
        raise RulesError(
            gettext_noop("unknown game %(game)s: one of %(games)s"),
            game=repr(game),
            games=", ".join(GAMES),
        )
    low, high = PLAYERS[game]
    n = low if players is None else players
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
        span = f"{low}" if low == high else f"{low}-{high}"
        raise RulesError(
            gettext_noop("%(game)s is for %(span)s players, not %(players)s"),
            game=game, span=span, players=players,
        )  # fmt: skip
    merged = dict(_preset(game, preset))
    merged.update(options)
    opts = _build_options(game, merged)
    _check_fit(game, n, opts)
    return Ruleset(game, n, opts)


def rules_with_options(game: str, players: int, options: dict[str, Any]) -> Ruleset:
    """make_rules for options given as a mapping (a record's): every key must name an
    option of the game, so that "game", "players" or "preset" among them is a RulesError
    naming it rather than a clash with make_rules' own arguments."""
    rules = make_rules(game, players)
    opts = _build_options(game, dict(options))
    _check_fit(game, rules.players, opts)
    return Ruleset(game, rules.players, opts)


def _preset(game: str, preset: str | None) -> dict[str, Any]:
    if preset is None:
        return {}
    if game != "knockout":
        raise RulesError(gettext_noop("presets exist only for knockout, not %(game)s"), game=game)
    if preset not in PRESETS:
        raise RulesError(
            gettext_noop("unknown preset %(preset)s: one of %(presets)s"),
            preset=repr(preset), presets=", ".join(PRESETS),
        )  # fmt: skip
    return PRESETS[preset]


def _build_options(game: str, given: dict[str, Any]) -> Options:
    cls = OPTION_TYPES[game]
    known = {f.name: f for f in fields(cls)}
    for name, value in given.items():
        if name not in known:
            raise RulesError(
                gettext_noop("%(game)s has no option %(name)s: one of %(known)s"),
                game=game, name=repr(name), known=", ".join(known),
            )  # fmt: skip
        _check_value(name, value, type(getattr(cls(), name)))
    options: Options = replace(cls(), **given)
    return options


def _check_value(name: str, value: Any, kind: type) -> None:
    if kind is bool:
        if not isinstance(value, bool):
            raise RulesError(
                gettext_noop("option %(name)s is true or false, not %(value)s"),
                name=name,
                value=repr(value),
            )
    elif kind is int:
        low, high = RANGES[name]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise RulesError(
                gettext_noop(
                    "option %(name)s must be an integer from %(low)s to %(high)s, not %(value)s"
                ),
                name=name, low=low, high=high, value=repr(value),
            )  # fmt: skip
    elif value not in CHOICES[name]:
        raise RulesError(
            gettext_noop("option %(name)s is one of %(choices)s, not %(value)s"),
            name=name, choices=", ".join(CHOICES[name]), value=repr(value),
        )  # fmt: skip


def _check_fit(game: str, n: int, opts: Options) -> None:
    if isinstance(opts, KnockoutOptions) and n * opts.start_cards + 1 > 52:
        k = opts.start_cards
        raise RulesError(
            gettext_noop(
                "%(players)s players with %(cards)s cards each (start_cards) do not fit in a "
                "pack: %(players)s × %(cards)s + 1 = %(needed)s > 52"
            ),
            cards=k, players=n, needed=n * k + 1,
        )  # fmt: skip


def parse_option_value(text: str) -> Any:
    """Command-line option values: true/false, integers, or names as in docs/rules.md."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    if low.lstrip("-").isdigit():
        return int(low)
    return text.strip()


# docs/rules.md §2.5 names two targets: the default 5 and "American" 7.
STANDARD_WHIST_TARGETS = (5, 7)
