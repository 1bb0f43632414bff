"""The game state shared by the three games, the logs it keeps, and the trick mechanics."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from .actions import _SUIT_PLAYS, plays_of, suit_plays
from .cards import SUIT_MASK, SUIT_OF
from .deals import Source
from .rules import Ruleset
from .tricks import BEATERS

if TYPE_CHECKING:
    from .protocol import Game

_new = object.__new__
_tuple_new = tuple.__new__


class Phase(StrEnum):
    """Explicit phases, one small function each. Dealing and the end of a deal are not
    phases of their own: nobody decides anything there, so `apply` passes through them.
    A state's phase is always one of these members, so the hot paths compare it with `is`
    (an enum's `==` costs about three times as much)."""

    TRUMP = "trump"
    VOTE = "vote"
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


TRUMP, VOTE, EXCHANGE, PLAY, OVER = Phase


class TrickLog(NamedTuple):
    """A finished trick: who played first, every (seat, card) in order, and who won it."""

    leader: int
    plays: tuple[tuple[int, int], ...]
    winner: int


class DealLog(NamedTuple):
    """A finished deal as docs/game-record.md describes it (cards as integers, events as
    actions)."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    turned: int
    stock: tuple[int, ...]
    cuts: tuple[tuple[int, int], ...] | None
    events: tuple[Any, ...]
    tricks: tuple[TrickLog, ...]
    outcome: dict[str, Any] | None  # None for a deal cut short by a resignation


class State:
    """One moment of one game: the part the three games share. Treat it as immutable:
    `apply` returns a new State. Each game keeps its own fields in a subclass
    (`KnockoutState`, `WhistState`, `GermanState`) and its procedures in `game`.

    Containers are tuples, so a new state shares them safely with the old one; a game
    module copies the state with `clone` and then sets the fields that change.

    The fields a card changes until its deal ends (`CARD_FIELDS`) are slots; the others live
    in the instance dict. A card's state (engine.apply) shares that dict with the state before
    it, as it changes none of its fields: a card copies 9 slots, where the copy and the free
    of all 37 fields in one dict were about 5,000 of a card's 9,000 instructions. A function
    given such a state (a game's `trick_done`) calls `own_dict` before it sets a field of the
    dict; `clone` gives a state a dict of its own. `fields` lists every field (`vars` lists
    the dict's).
    """

    __slots__ = (
        "event_log", "hands", "trick", "pending", "to_act", "undo", "tricks", "last_trick",
        "trick_log", "__dict__",
    )  # fmt: skip

    game: Game[Any]  # the game's procedures (protocol.Game)
    rules: Ruleset
    source: Source
    phase: Phase
    to_act: int  # the seat to decide next, -1 when the game is over
    dealer: int
    deal_no: int  # deals so far in the game (or match), 0-based index of the current one
    hands: tuple[int, ...]  # bit masks, one per seat
    trump: int  # 0-3, NT (4), or -1 while it is being chosen
    trick: tuple[tuple[int, int], ...]  # (seat, card) played so far in the current trick
    pending: tuple[int, ...]  # seats still to have their turn in the current trick
    tricks: tuple[int, ...]  # tricks taken per seat in the current deal (German: this half)
    last_trick: TrickLog | None
    deal_hands: tuple[tuple[int, ...], ...]  # the current deal as dealt, for the record
    turned: int
    deal_stock: tuple[int, ...]  # the stock as dealt, for the record
    stock: tuple[int, ...]  # what is left of it: Knockout's exchange stock, German talon
    cuts: tuple[tuple[int, int], ...] | None
    event_log: tuple[Any, ...]  # decisions in the current deal: () or (older log, action)
    trick_log: tuple[TrickLog, ...]
    history: tuple[DealLog, ...]  # finished deals
    resigned: tuple[int, ...]  # seats in the order they resigned
    # Refused claims as (seat, deal_no, tricks completed): that side claims again only once
    # the trick then in play is complete (docs/rules.md §0.7; games.engine.claims.refuse).
    claim_wait: tuple[tuple[int, int, int], ...]
    result: dict[str, Any] | None
    # The state before the play that completed the last trick, if the deal goes on and nothing
    # was drawn: that card may still be taken back (games/engine/takeback.py). Its own `undo`
    # is None, so states never chain; so is that of a state within a trick.
    undo: State | None
    # Whether the game is over: phase OVER, kept as a field of its own because every
    # caller's loop reads it once a move (a property costs a call and a comparison).
    over: bool

    def __init__(self, game: Game[Any], rules: Ruleset, source: Source, dealer: int) -> None:
        n = rules.players
        # One plain dict, not attribute by attribute: CPython would then give the instance a
        # key-sharing dict, which `clone` copies more slowly (measured: about 10% of a random
        # playout). A subclass's own fields go into this dict too.
        self.__dict__ = {
            "game": game, "rules": rules, "source": source, "phase": PLAY, "dealer": dealer,
            "deal_no": 0, "trump": -1, "deal_hands": ((),) * n, "turned": -1, "deal_stock": (),
            "stock": (), "cuts": None, "history": (), "resigned": (), "result": None,
            "claim_wait": (), "over": False,
        }  # fmt: skip
        self.event_log, self.hands, self.trick, self.pending, self.to_act = (), (0,) * n, (), (), -1
        self.undo, self.tricks, self.last_trick, self.trick_log = None, (0,) * n, None, ()

    def clone(self) -> Self:
        """A copy to change, with a dict of its own."""
        new = self.sharing_dict()
        new.__dict__ = self.__dict__.copy()
        return new

    def sharing_dict(self) -> Self:
        """A copy whose dict is this state's: only its slots (`CARD_FIELDS`) may change."""
        new = _new(self.__class__)
        new.__dict__ = self.__dict__
        new.event_log, new.hands, new.trick = self.event_log, self.hands, self.trick
        new.pending, new.to_act, new.undo = self.pending, self.to_act, self.undo
        new.tricks, new.last_trick, new.trick_log = self.tricks, self.last_trick, self.trick_log
        return new

    @property
    def events(self) -> tuple[Any, ...]:
        """The decisions of the current deal, oldest first."""
        out = []
        log = self.event_log
        while log:
            log, action = log
            out.append(action)
        return tuple(reversed(out))

    @property
    def players(self) -> int:
        return self.rules.players

    def __repr__(self) -> str:
        return f"<State {self.rules.game} deal {self.deal_no} {self.phase} to_act={self.to_act}>"


# TRICK_PLAYS[seat][card]: ((seat, card),), what a card played (engine.apply) adds to the
# trick (one tuple less a card).
TRICK_PLAYS = [[((seat, card),) for card in range(52)] for seat in range(7)]


def legal_plays(state: State, seat: int) -> list[Any]:
    """The play actions of `seat` now (follow the led suit if possible), from the shared cache."""
    hand = state.hands[seat]
    trick = state.trick
    if trick:
        follow = hand & SUIT_MASK[SUIT_OF[trick[0][1]]]
        if follow:
            plays = _SUIT_PLAYS[seat].get(follow)  # suit_plays(seat, follow), written out
            return list(plays) if plays is not None else suit_plays(seat, follow)
    return plays_of(seat, hand)


CARD_FIELDS: tuple[str, ...] = State.__slots__[:-1]


def fields(state: State) -> dict[str, Any]:
    """Every field of a state by name: its dict's and its slots' (`vars` gives the dict's)."""
    every = dict(state.__dict__)
    for name in CARD_FIELDS:
        every[name] = getattr(state, name)
    return every


def own_dict(state: State) -> None:
    """Give a state that shares its dict (engine.apply's, within a deal) a copy of its own,
    before a field of the dict changes."""
    state.__dict__ = state.__dict__.copy()


def without_undo(state: State) -> State:
    """A copy of `state` that keeps no state before its last trick (states never chain)."""
    kept = state.sharing_dict()
    kept.undo = None
    return kept


def close_trick(s: State) -> int:
    """On a fresh copy: score the complete trick, log it, clear it (slots only: its dict may be
    shared); returns the winner."""
    trick, beaters = s.trick, BEATERS[s.trump]
    leader, best = trick[0]
    winner, beat = leader, beaters[best]
    for seat, card in trick[1:]:  # tricks.winning_play, written out: this runs once a trick
        if beat >> card & 1:
            winner, beat = seat, beaters[card]
    done = _tuple_new(TrickLog, (leader, trick, winner))  # TrickLog's __new__ is Python
    tricks = list(s.tricks)
    tricks[winner] += 1
    s.tricks = tuple(tricks)
    s.last_trick = done
    s.trick_log = s.trick_log + (done,)
    s.trick = ()
    return winner


def finish_deal(s: State, outcome: dict[str, Any] | None) -> None:
    """On a fresh clone: move the current deal into the history."""
    log = _tuple_new(  # DealLog(...) without its Python __new__
        DealLog,
        (s.dealer, s.deal_hands, s.turned, s.deal_stock, s.cuts, s.events, s.trick_log, outcome),
    )
    s.history = (*s.history, log)
    s.event_log = ()
    s.trick_log = ()
