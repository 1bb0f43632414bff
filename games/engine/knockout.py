"""Knockout Whist for 2-7 players: rounds, trump choice, votes, exchanges and play
(docs/rules.md §1)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from . import actions, knockout_end
from .actions import _SUIT_PLAYS, plays_of, suit_plays
from .cards import BITS, FOLLOW, NT, SUIT_MASK, SUIT_OF, card_str, cards_of, mask_of, suit_str
from .deals import Source, dealt_hands
from .protocol import Game
from .rules import PRESETS, KnockoutOptions, Ruleset
from .state import EXCHANGE, OVER, PLAY, TRUMP, VOTE, State, close_trick, own_dict
from .tricks import RINGS, clockwise, next_seat


class KnockoutState(State):
    """Knockout Whist's own fields beside the shared state."""

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

    def __init__(self, rules: Ruleset, source: Source) -> None:
        n = rules.players
        super().__init__(GAME, rules, source, source.first_dealer(n))
        self.hand_size = rules.options.start_cards  # type: ignore[union-attr]
        self.active, self.dogs, self.dog_had, self.out_round = (True,) * n, (), (), (-1,) * n
        self.chooser, self.voters, self.votes, self.exchangers = -1, (), (), ()
        self.first_leader = knockout_end.next_active(self, self.dealer)
        self.first_trump = -1


def start(rules: Ruleset, source: Source) -> KnockoutState:
    s = KnockoutState(rules, source)
    start_round(s, top=-1)
    return s


def start_round(s: KnockoutState, top: int) -> None:
    """Deal, then fix trump (turned, fixed, chosen or voted), then exchange, then play."""
    _deal(s)
    opts = knockout_end.opts_of(s)
    s.trump, s.chooser, s.votes = -1, -1, ()
    if s.deal_no == 0:
        s.first_trump = SUIT_OF[s.turned]
        s.trump = NT if (s.hand_size == 1 and opts.last_round_no_trump) else s.first_trump
    elif s.hand_size == 1 and opts.last_round_no_trump:
        s.trump = NT  # nobody chooses or votes in the one-card round
    elif opts.trump == "fixed":
        s.trump = s.first_trump
    else:
        s.chooser = top
        s.voters = tuple([p for p in range(s.players) if not s.active[p]])
        if not (opts.eliminated_vote and s.voters):
            s.voters = ()
    if s.trump >= 0:
        _after_trump(s)
    elif s.voters:
        s.phase, s.to_act = VOTE, s.voters[0]
    else:
        s.phase, s.to_act = TRUMP, s.chooser


def _deal(s: KnockoutState) -> None:
    """One card at a time clockwise from the dealer's left; a dog's life gets a single card."""
    n = s.players
    # tuple([...]) rather than tuple(...for...): a list comprehension runs inline, a
    # generator in a frame of its own (this runs every round).
    sizes = tuple([0 if not s.active[p] else 1 if p in s.dogs else s.hand_size for p in range(n)])
    deck = s.source.deck(s.deal_no)
    s.deal_hands = dealt_hands(n, s.dealer, sizes, deck)
    masks = []
    for cards in s.deal_hands:  # cards.mask_of written out: for 7 cards or fewer a loop costs
        mask = 0  # less than its sum of a map (for Whist's 13 it costs more)
        for card in cards:
            mask |= BITS[card]
        masks.append(mask)
    s.hands = tuple(masks)
    rest = deck[sum(sizes) :]
    s.turned = rest[0] if s.deal_no == 0 else -1  # round 1: the next card is turned
    s.deal_stock = s.stock = rest[1:] if s.deal_no == 0 else rest
    s.tricks = (0,) * n


def _after_trump(s: KnockoutState) -> None:
    if knockout_end.opts_of(s).exchange:
        ring = clockwise(s.first_leader, s.players)
        s.exchangers = tuple(p for p in ring if s.active[p] and p not in s.dogs)
        if s.exchangers:  # each has a turn, even when the stock is empty and 0 is all they may do
            s.phase, s.to_act = EXCHANGE, s.exchangers[0]
            return
    _begin_play(s)


def _begin_play(s: KnockoutState) -> None:
    s.exchangers = ()
    if knockout_end.opts_of(s).rainbow and s.hand_size == 4:
        # docs/rules.md §1: the first in playing order holding a rainbow wins
        for p in clockwise(s.first_leader, s.players):
            if all(s.hands[p] & SUIT_MASK[u] for u in range(4)):
                knockout_end.finish_game(s, p, "rainbow")
                return
    s.phase = PLAY
    _open_trick(s, s.first_leader)


def _open_trick(s: KnockoutState, leader: int) -> None:
    hands = s.hands
    ring = RINGS[len(hands)][leader]
    s.pending = ring if all(hands) else tuple([p for p in ring if hands[p]])
    s.to_act = s.pending[0]


def legal(s: KnockoutState, seat: int) -> list[actions.Action]:
    if s.phase is PLAY:
        # state.legal_plays, written out (a call less a move): follow the led suit if possible
        hand, trick = s.hands[seat], s.trick
        follow = hand & FOLLOW[trick[0][1]] if trick else 0
        if follow:
            plays = _SUIT_PLAYS[seat].get(follow)
            moves = list(plays) if plays is not None else suit_plays(seat, follow)
        else:
            moves = plays_of(seat, hand)
        if s.dogs and seat in s.dogs and len(s.trick_log) < s.hand_size - 1:
            moves.append(actions.knock(seat))  # docs/rules.md §1: the dog must play the last trick
        return moves
    if s.phase in (TRUMP, VOTE):
        kind = actions.TRUMP if s.phase == TRUMP else actions.VOTE
        return actions.choices(kind, seat, 5 if knockout_end.opts_of(s).no_trump_allowed else 4)
    return _exchanges(s, seat)


def _exchanges(s: KnockoutState, seat: int) -> list[actions.Action]:
    cards = cards_of(s.hands[seat])
    most = min(3, len(cards), len(s.stock))
    return [
        actions.Action(actions.EXCHANGE, seat, discard=combo)
        for k in range(most + 1)
        for combo in combinations(cards, k)
    ]


def decide(s: KnockoutState, a: actions.Action) -> KnockoutState:
    """Apply a checked action on a fresh clone."""
    if a.kind == actions.KNOCK:
        s.pending = s.pending[1:]  # the dog keeps the card and has had its turn
        if s.pending:
            s.to_act = s.pending[0]
        else:
            trick_done(s)
    elif a.kind == actions.VOTE:
        s.votes = (*s.votes, (a.seat, a.suit))
        s.voters = s.voters[1:]
        s.to_act = s.voters[0] if s.voters else s.chooser
        s.phase = VOTE if s.voters else TRUMP
    elif a.kind == actions.TRUMP:
        s.trump = knockout_end.tally(s.votes, a.suit) if s.votes else a.suit
        _after_trump(s)
    else:
        _exchange(s, a)
    return s


def _exchange(s: KnockoutState, a: actions.Action) -> None:
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


def trick_done(s: KnockoutState) -> KnockoutState:
    """On a fresh copy (its dict maybe shared) where everyone holding cards has had a turn
    in this trick."""
    if not s.trick:
        raise AssertionError("a trick where everybody knocked")  # non-dogs always play
    winner = close_trick(s)
    hands = s.hands
    if any(hands):
        # docs/rules.md §1: a dog whose card won passes the lead to the next one holding cards
        leader = winner if hands[winner] else next_seat(winner, len(hands), hands)
        ring = RINGS[len(hands)][leader]  # _open_trick, written out: this runs once a trick
        s.pending = ring if all(hands) else tuple([p for p in ring if hands[p]])
        s.to_act = s.pending[0]
        return s
    own_dict(s)
    end_deal(s)
    return s


def end_deal(s: KnockoutState) -> None:
    """After the round's last trick: knock-outs, then the next round or the end of the game."""
    top = knockout_end.end_round(s)
    if s.phase != OVER:
        start_round(s, top)


def can_resign(s: KnockoutState, seat: int) -> bool:
    return s.active[seat]  # only a player still in has anything to resign from


def resign(s: KnockoutState, seat: int) -> KnockoutState:
    """docs/rules.md: a bot plays the seat from now on; play is unchanged for the others."""
    s.resigned = (*s.resigned, seat)
    return s


def public_view(s: KnockoutState) -> dict[str, Any]:
    return {
        "round": s.deal_no + 1,
        "rounds": s.rules.options.start_cards,  # type: ignore[union-attr]
        "hand_size": s.hand_size,
        "active": list(s.active),
        "out": [p for p in range(s.players) if not s.active[p]],
        "dogs_life": list(s.dogs),
        "had_dogs_life": list(s.dog_had),
        "turned": card_str(s.turned) if s.turned >= 0 else None,
        "stock": len(s.stock),
        "chooser": s.chooser if s.chooser >= 0 else None,
        "votes": [[p, suit_str(u)] for p, u in s.votes],
        "cuts": [[p, card_str(c)] for p, c in s.cuts] if s.cuts else None,
        "exchanged": [[a.seat, len(a.discard)] for a in s.events if a.kind == actions.EXCHANGE],
    }


def stage(s: KnockoutState) -> dict[str, Any]:
    """The round, of how many, and the players still in."""
    left = sum(1 for active in s.active if active)
    options = s.rules.options
    assert isinstance(options, KnockoutOptions)
    return {"round": s.deal_no + 1, "rounds": options.start_cards, "left": left}


class KnockoutWhist(Game[KnockoutState]):
    """Knockout Whist through the engine protocol (docs/rules.md §1)."""

    name = "knockout"
    turned_in_hand = False
    first_counted_trick = 0
    partnerships = ()
    same_deals = False
    knocks_out = True
    draws_from_talon = False
    result_reasons = ("last_player", "final_trick", "sweep", "rainbow", "resign")
    summary_options = ("preset", "start_cards")
    presets = PRESETS
    resign_ends_game = False
    deal_tricks = None  # the round's hand size
    claims_after_talon = False
    two_hand_claims = False
    standard_presets_only = True
    standard_values: dict[str, tuple[Any, ...]] = {}
    start = staticmethod(start)
    legal = staticmethod(legal)
    decide = staticmethod(decide)
    trick_done = staticmethod(trick_done)
    end_deal = staticmethod(end_deal)
    can_resign = staticmethod(can_resign)
    resign = staticmethod(resign)
    public_view = staticmethod(public_view)
    stage = staticmethod(stage)


GAME = KnockoutWhist()
