"""The game state shared by the three games, the logs it keeps, and the trick mechanics."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import _SUIT_PLAYS, plays_of, suit_plays
from .cards import SUIT_MASK
from .deals import Source
from .rules import Ruleset

# Explicit phases (docs/architecture.md §3). Dealing and the end of a deal are not phases of their
# own: nobody decides anything there, so `apply` passes through them at once.
TRUMP, VOTE, EXCHANGE, PLAY, OVER = "trump", "vote", "exchange", "play", "over"


class TrickLog(NamedTuple):
    """A finished trick: who played first, every (seat, card) in order, and who won it."""

    leader: int
    plays: tuple[tuple[int, int], ...]
    winner: int


class DealLog(NamedTuple):
    """A finished deal as docs/game-record.md §3 says (cards as integers, events as actions)."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    turned: int
    stock: tuple[int, ...]
    cuts: tuple[tuple[int, int], ...] | None
    events: tuple[Any, ...]
    tricks: tuple[TrickLog, ...]
    outcome: dict[str, Any] | None  # None for a deal cut short by a resignation


_new = object.__new__


class State:
    """One moment of one game. Treat it as immutable: `apply` returns a new State.

    Containers are tuples, so a new state shares them safely with the old one; a game
    module copies the state with `clone` and then sets the fields that change.
    """

    rules: Ruleset
    source: Source
    phase: str
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
    result: dict[str, Any] | None
    legal_fn: Any  # the game module's legal and trick_done functions
    trick_fn: Any
    # Whist and German Whist
    games: tuple[tuple[int, int], ...]  # finished games: Whist scores, German tricks
    wins: tuple[int, int]  # games won per side (Whist) or seat (German)
    scores: tuple[int, int]  # Whist: running score of the current game per side
    hand_start: tuple[int, int]  # Whist: the score when the current hand began
    honours_held: tuple[int, int]  # Whist: trump honours per side, as dealt
    faceup: int  # German Whist: the face-up talon card, -1 in the second half
    half: int  # German Whist: 1 or 2
    # Knockout Whist
    hand_size: int
    active: tuple[bool, ...]  # not knocked out (players on a dog's life are active)
    dogs: tuple[int, ...]  # seats on a dog's life in this round
    dog_had: tuple[int, ...]  # seats that have been given a dog's life in this game
    out_round: tuple[int, ...]  # round index in which each seat was knocked out, or -1
    first_leader: int
    first_trump: int  # the suit turned in round 1 (for `trump: fixed`)
    chooser: int
    voters: tuple[int, ...]
    votes: tuple[tuple[int, int], ...]
    exchangers: tuple[int, ...]

    def clone(self) -> State:
        new = _new(State)
        new.__dict__ = self.__dict__.copy()
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

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def __repr__(self) -> str:
        return f"<State {self.rules.game} deal {self.deal_no} {self.phase} to_act={self.to_act}>"


def blank_state(rules: Ruleset, source: Source, dealer: int) -> State:
    s = object.__new__(State)
    n = rules.players
    s.__dict__.update(
        rules=rules, source=source, phase=PLAY, to_act=-1, dealer=dealer, deal_no=0,
        hands=(0,) * n, trump=-1, trick=(), pending=(), tricks=(0,) * n, last_trick=None,
        deal_hands=((),) * n, turned=-1, deal_stock=(), stock=(), cuts=None, event_log=(),
        trick_log=(), history=(), resigned=(), result=None,
    )  # fmt: skip
    return s


def legal_plays(state: State, seat: int) -> list[Any]:
    """The play actions of `legal_mask`, from the shared cache."""
    hand = state.hands[seat]
    trick = state.trick
    if trick:
        suit = trick[0][1] // 13
        pattern = hand >> (13 * suit) & 0x1FFF
        if pattern:
            key = seat << 15 | suit << 13 | pattern
            return list(_SUIT_PLAYS.get(key) or suit_plays(key))
    return plays_of(seat, hand)


def legal_mask(state: State, seat: int) -> int:
    """The cards `seat` may play now: follow the led suit if possible (docs/rules.md §0.3)."""
    hand = state.hands[seat]
    if state.trick:
        follow = hand & SUIT_MASK[state.trick[0][1] // 13]
        if follow:
            return follow
    return hand


def trick_winner(plays: tuple[tuple[int, int], ...], trump: int) -> int:
    """Highest trump, else highest card of the led suit; nobody must trump or overtrump."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        suit, best_suit = card // 13, best // 13
        if (suit == best_suit and card > best) or (suit == trump and best_suit != trump):
            best_seat, best = seat, card
    return best_seat


def play_card(state: State, action: Any) -> State:
    """A legal play: the card leaves the hand for the trick; `trick_fn` ends a full trick."""
    seat = action.seat
    new = _new(State)
    new.__dict__ = state.__dict__.copy()
    new.event_log = (state.event_log, action)
    hands = list(state.hands)
    hands[seat] &= ~(1 << action.card)
    new.hands = tuple(hands)
    new.trick = (*state.trick, (seat, action.card))
    pending = new.pending = state.pending[1:]
    if pending:
        new.to_act = pending[0]
        return new
    return state.trick_fn(new)


def close_trick(s: State) -> int:
    """On a fresh clone: score the complete trick, log it, clear it; returns the winner."""
    winner = trick_winner(s.trick, s.trump)
    done = TrickLog(s.trick[0][0], s.trick, winner)
    tricks = list(s.tricks)
    tricks[winner] += 1
    s.tricks = tuple(tricks)
    s.last_trick = done
    s.trick_log = (*s.trick_log, done)
    s.trick = ()
    return winner


_RINGS = [[tuple((start + i) % n for i in range(n)) for start in range(n)] for n in range(8)]


def clockwise(start: int, n: int) -> tuple[int, ...]:
    """All n seats clockwise from `start`."""
    return _RINGS[n][start]


def finish_deal(s: State, outcome: dict[str, Any] | None) -> None:
    """On a fresh clone: move the current deal into the history."""
    log = DealLog(
        s.dealer, s.deal_hands, s.turned, s.deal_stock, s.cuts, s.events, s.trick_log, outcome
    )
    s.history = (*s.history, log)
    s.event_log = ()
    s.trick_log = ()
