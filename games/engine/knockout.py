"""Knockout Whist for 2-7 players: rounds, trump, votes, exchanges, play (docs/rules.md §1)."""

from __future__ import annotations

from itertools import combinations

from . import actions as A
from . import knockout_end as end
from .cards import NT, cards_of, mask_of
from .deals import Source, dealt_hands
from .rules import Ruleset
from .state import (
    EXCHANGE,
    OVER,
    PLAY,
    TRUMP,
    VOTE,
    State,
    blank_state,
    clockwise,
    close_trick,
    legal_plays,
)


def start(rules: Ruleset, source: Source) -> State:
    n = rules.players
    s = blank_state(rules, source, source.first_dealer(n))
    s.hand_size = end.opts_of(s).start_cards
    s.active, s.dogs, s.dog_had, s.out_round = (True,) * n, (), (), (-1,) * n
    s.chooser, s.voters, s.votes, s.exchangers = -1, (), (), ()
    s.first_leader = end.next_active(s, s.dealer)
    s.first_trump = -1
    start_round(s, top=-1)
    return s


def start_round(s: State, top: int) -> None:
    """Deal, then fix trump (turned, fixed, chosen or voted), then exchange, then play."""
    _deal(s)
    opts = end.opts_of(s)
    s.trump, s.chooser, s.votes = -1, -1, ()
    if s.deal_no == 0:
        s.first_trump = s.turned // 13
        s.trump = NT if (s.hand_size == 1 and opts.last_round_no_trump) else s.first_trump
    elif s.hand_size == 1 and opts.last_round_no_trump:
        s.trump = NT  # nobody chooses or votes in the one-card round
    elif opts.trump == "fixed":
        s.trump = s.first_trump
    else:
        s.chooser = top
        s.voters = tuple(p for p in range(s.players) if not s.active[p])
        if not (opts.eliminated_vote and s.voters):
            s.voters = ()
    if s.trump >= 0:
        _after_trump(s)
    elif s.voters:
        s.phase, s.to_act = VOTE, s.voters[0]
    else:
        s.phase, s.to_act = TRUMP, s.chooser


def _deal(s: State) -> None:
    """One card at a time clockwise from the dealer's left; a dog's life gets a single card."""
    n = s.players
    sizes = tuple(0 if not s.active[p] else 1 if p in s.dogs else s.hand_size for p in range(n))
    deck = s.source.deck(s.deal_no)
    s.deal_hands = dealt_hands(n, s.dealer, sizes, deck)
    s.hands = tuple(mask_of(h) for h in s.deal_hands)
    rest = deck[sum(sizes) :]
    s.turned = rest[0] if s.deal_no == 0 else -1  # round 1: the next card is turned
    s.deal_stock = s.stock = rest[1:] if s.deal_no == 0 else rest
    s.tricks = (0,) * n


def _after_trump(s: State) -> None:
    if end.opts_of(s).exchange:
        ring = [(s.first_leader + i) % s.players for i in range(s.players)]
        s.exchangers = tuple(p for p in ring if s.active[p] and p not in s.dogs)
        if s.exchangers:  # each has a turn, even when the stock is empty and 0 is all they may do
            s.phase, s.to_act = EXCHANGE, s.exchangers[0]
            return
    _begin_play(s)


def _begin_play(s: State) -> None:
    s.exchangers = ()
    if end.opts_of(s).rainbow and s.hand_size == 4:
        for p in end.ring_from(s, s.first_leader):  # docs/rules.md §1.7: first in playing order
            if all(s.hands[p] & (0x1FFF << (13 * u)) for u in range(4)):
                end.finish_game(s, p, "rainbow")
                return
    s.phase = PLAY
    _open_trick(s, s.first_leader)


def _open_trick(s: State, leader: int) -> None:
    s.pending = tuple(filter(s.hands.__getitem__, clockwise(leader, s.players)))
    s.to_act = s.pending[0]


def legal(s: State, seat: int) -> list[A.Action]:
    if s.phase == PLAY:
        moves = legal_plays(s, seat)
        if s.dogs and seat in s.dogs and len(s.trick_log) < s.hand_size - 1:
            moves.append(A.knock(seat))  # docs/rules.md §1.5: on the last trick the dog must play
        return moves
    if s.phase in (TRUMP, VOTE):
        kind = A.TRUMP if s.phase == TRUMP else A.VOTE
        suits = range(5 if end.opts_of(s).no_trump_allowed else 4)
        return [A.choose(kind, seat, u) for u in suits]
    return _exchanges(s, seat)


def _exchanges(s: State, seat: int) -> list[A.Action]:
    cards = cards_of(s.hands[seat])
    most = min(3, len(cards), len(s.stock))
    return [
        A.Action(A.EXCHANGE, seat, discard=combo)
        for k in range(most + 1)
        for combo in combinations(cards, k)
    ]


def step(s: State, a: A.Action) -> State:
    """Apply a checked action on a fresh clone."""
    if a.kind == A.KNOCK:
        s.pending = s.pending[1:]  # the dog keeps the card and has had its turn
        if s.pending:
            s.to_act = s.pending[0]
        else:
            trick_done(s)
    elif a.kind == A.VOTE:
        s.votes = (*s.votes, (a.seat, a.suit))
        s.voters = s.voters[1:]
        s.to_act = s.voters[0] if s.voters else s.chooser
        s.phase = VOTE if s.voters else TRUMP
    elif a.kind == A.TRUMP:
        s.trump = end.tally(s.votes, a.suit) if s.votes else a.suit
        _after_trump(s)
    else:
        _exchange(s, a)
    return s


def _exchange(s: State, a: A.Action) -> None:
    """Discard at once, draw as many from the top of the stock; discards are not reused."""
    k = len(a.discard)
    hands = list(s.hands)
    hands[a.seat] = (hands[a.seat] & ~mask_of(a.discard)) | mask_of(s.stock[:k])
    s.hands, s.stock = tuple(hands), s.stock[k:]
    s.exchangers = s.exchangers[1:]
    if s.exchangers:
        s.to_act = s.exchangers[0]
    else:
        _begin_play(s)


def trick_done(s: State) -> State:
    """On a fresh clone where everyone holding cards has had a turn in this trick."""
    if not s.trick:
        raise AssertionError("a trick where everybody knocked")  # non-dogs always play
    winner = close_trick(s)
    if any(s.hands):
        # docs/rules.md §1.5: a dog whose card won passes the lead to the next player holding cards
        _open_trick(s, winner if s.hands[winner] else end.next_holder(s, winner))
        return s
    top = end.end_round(s)
    if s.phase != OVER:
        start_round(s, top)
    return s
