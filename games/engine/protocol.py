"""The engine protocol: what each game (Knockout Whist, Whist, German Whist) gives the engine.

`engine.py` holds the one door (`new_game`, `legal_actions`, `apply`); each game module
implements this protocol for its own rules and keeps its own fields in a `State` subclass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn, Protocol, TypeVar

from .actions import Action, IllegalAction
from .errors import gettext_noop

if TYPE_CHECKING:
    from .deals import Source
    from .rules import Ruleset

from .state import State

# The game's own State subclass: a game's procedures take and give only its own states.
S = TypeVar("S", bound=State)


class Game(Protocol[S]):
    """One game's procedures. Those taking a state change it in place are given a fresh
    clone by the engine; the others only read."""

    name: str  # the rules' `game`: knockout, whist or german
    # The turned card is the dealer's own last card, in the hand (Whist), not one more card
    # of the deck after the hands (Knockout's round 1, German Whist's talon).
    turned_in_hand: bool
    first_counted_trick: int  # the deal's tricks that count start here (German Whist: 13)

    # Descriptors: what the site needs to know of a game without naming it (descriptors.py
    # reads them; docs/architecture.md §3).
    # The seats that play together, one tuple per side (Whist: 0 and 2 against 1 and 3);
    # () when every seat plays for itself.
    partnerships: tuple[tuple[int, ...], ...]
    # Whether every deal goes to the same seats whoever is ahead, so that tables dealt the
    # same cards can be compared (duplicate events): not Knockout Whist's rounds, dealt to
    # whoever is still in.
    same_deals: bool
    # Whether players are knocked out as the game goes on (Knockout Whist), a seat on a dog's
    # life holding one card it may keep by knocking (the state's `dogs`): what fair play's
    # judging of spared players and of knocks reads.
    knocks_out: bool
    # Whether a deal's first tricks are played for cards drawn from a talon, the winner taking
    # the face-up card and the loser the unseen next one (German Whist's first half,
    # docs/rules.md §3): what fair play's judging of the take-or-leave choice reads.
    draws_from_talon: bool
    # How a game can end (the result's `reason`, docs/game-record.md §6).
    result_reasons: tuple[str, ...]
    # The options a one-line summary of a table's rules names, in order ("preset" for the
    # name of the preset the options match).
    summary_options: tuple[str, ...]
    # Named option sets (docs/rules.md §1.8); {} for a game without presets.
    presets: dict[str, dict[str, Any]]
    # Whether a resignation ends the game (Whist, German Whist) or a bot plays the seat on
    # (Knockout Whist, docs/rules.md §0.5).
    resign_ends_game: bool
    # The tricks of a deal played out: 13 (Whist), 26 (German Whist, both halves); None when
    # they are the deal's hand size (Knockout Whist's shrinking rounds, the view's hand_size).
    deal_tricks: int | None
    # Whether a claim waits until the talon is gone: German Whist's second half, when each
    # player knows the other's hand (docs/rules.md §0.7).
    claims_after_talon: bool
    # Whether a claim is proved on the two-hand solver (two hands, both known: German Whist)
    # rather than the search of any number of hands (claims.py).
    two_hand_claims: bool
    # What the standard (rated) rules are (descriptors.is_standard, the create-table form): whether
    # the options must be one of the presets unchanged (Knockout Whist), and the values each
    # option named here may take (Whist: a target of 5 or 7, no honours); others are free.
    standard_presets_only: bool
    standard_values: dict[str, tuple[Any, ...]]

    # One stateless instance per game (the module's GAME): copies and pickles are that one.
    def __copy__(self) -> Game[S]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game[S]:
        return self

    def __reduce__(self) -> str:
        return "GAME"

    @staticmethod
    def start(rules: Ruleset, source: Source, /) -> S:
        """The game with its first deal dealt and its first phase set."""
        ...

    @staticmethod
    def legal(state: S, seat: int, /) -> list[Action]:
        """The actions of the seat to act now, resignation apart (a new list)."""
        ...

    @staticmethod
    def decide(state: S, action: Action, /) -> S:
        """On a fresh clone: a legal decision other than playing a card."""
        ...

    @staticmethod
    def trick_done(state: S, /) -> S:
        """On a fresh copy whose trick is complete: score it, then the next trick, the end
        of the deal (the next deal) or the end of the game. The copy may share its dict with
        the state before (state.State): set only its slots, or call `own_dict` first."""
        ...

    @staticmethod
    def end_deal(state: S, /) -> None:
        """On a fresh clone after the deal's last trick: score the deal, then deal the next
        one or end the game with its `result` (docs/game-record.md: result)."""
        ...

    @staticmethod
    def can_resign(state: S, seat: int, /) -> bool:
        """Whether a seat of a game in play, not resigned yet, has anything to resign from."""
        ...

    @staticmethod
    def resign(state: S, seat: int, /) -> S:
        """On a fresh clone: `seat` resigns (docs/rules.md: resigning)."""
        ...

    @staticmethod
    def public_view(state: S, /) -> dict[str, Any]:
        """The game's own part of what every seat and spectator sees."""
        ...

    @staticmethod
    def stage(state: S, /) -> dict[str, Any]:
        """How far the game has got, in its own numbers (rounds, deals, games of a match), which
        presentation/ puts in the lobby's words."""
        ...


def plays_only(state: State, action: Action) -> NoReturn:
    """`Game.decide` for the games whose only decision is a card: never called with a legal
    action, since their `legal` offers plays alone."""
    raise IllegalAction(
        "not_allowed", gettext_noop("%(action)s is not allowed here"), action=str(action)
    )
