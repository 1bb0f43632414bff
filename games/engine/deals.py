"""Where the cards come from: a seeded source for real games, a scripted one for tests and replays.

The engine never shuffles by itself (docs/architecture.md §3): every deck order, cut deck and the
first dealer come from one of these immutable sources, so a game replays exactly.
"""

from __future__ import annotations

import hashlib
import struct
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any

from .cards import DECK
from .tricks import clockwise

# A card's float for `shuffled`: the bytes of a positive normal float (sign 0, exponent
# 0x433: such floats order as their bits do), most significant first 0x43, 0x30, the card's
# key's four bytes, 0, the card; in the machine's byte order (memoryview's "d").
_BIG = sys.byteorder == "big"
_K0, _K1, _K2, _K3 = (2, 3, 4, 5) if _BIG else (5, 4, 3, 2)  # where the key's bytes go
_CARD_AT = 7 if _BIG else 0
_RECORDS = bytes(
    b
    for card in DECK
    for b in ((0x43, 0x30, 0, 0, 0, 0, 0, card) if _BIG else (card, 0, 0, 0, 0, 0, 0x30, 0x43))
)
_DOUBLES = struct.Struct("=52d").pack


def _keys(seed: int, label: str, count: int) -> bytes:
    return hashlib.shake_128(f"whist-engine/1:{seed}:{label}".encode()).digest(count)


def shuffled(seed: int, label: str) -> tuple[int, ...]:
    """A deck order drawn from (seed, label): the cards sorted by 32-bit pseudo-random keys
    (big-endian), the lower card first on equal keys.

    Sorted in C (a deal is made every Knockout Whist round): each card becomes a float whose
    bits are a fixed exponent, then its key, then the card, so that the floats sort as
    (key, card) do; the sorted floats' card bytes are the deck."""
    keys = bytearray(_keys(seed, label, 4 * 52))
    records = bytearray(_RECORDS)
    records[_K0::8] = keys[0::4]
    records[_K1::8] = keys[1::4]
    records[_K2::8] = keys[2::4]
    records[_K3::8] = keys[3::4]
    order = memoryview(records).cast("d").tolist()
    order.sort()
    return tuple(_DOUBLES(*order)[_CARD_AT::8])


@dataclass(frozen=True, slots=True)
class SeededSource:
    """Deck orders derived from one integer seed; the same seed always gives the same game."""

    seed: int

    def first_dealer(self, players: int) -> int:
        return int.from_bytes(_keys(self.seed, "dealer", 8), "big") % players

    def deck(self, index: int) -> tuple[int, ...]:
        return shuffled(self.seed, f"deck{index}")

    def cut_deck(self, index: int) -> tuple[int, ...]:
        return top_cards(self.seed, f"cut{index}", 7)


def top_cards(seed: int, label: str, count: int) -> tuple[int, ...]:
    """The top `count` cards of a deck shuffled from (seed, label), cheaper than a whole deck.

    Bytes below 208 pick a card uniformly (208 = 4 × 52); repeated cards are skipped.
    """
    cards: list[int] = []
    for byte in _keys(seed, label, 64):
        if byte < 208 and byte % 52 not in cards:
            cards.append(byte % 52)
            if len(cards) == count:
                return tuple(cards)
    return tuple(cards + [c for c in shuffled(seed, label) if c not in cards])[:count]


@dataclass(frozen=True, slots=True)
class ScriptedSource:
    """Given deck orders (tests write them as text; replays rebuild them from a record).

    Decks past the end of the script, and cut decks not given, fall back to `fallback_seed`.
    """

    dealer: int
    decks: tuple[tuple[int, ...], ...]
    cut_decks: dict[int, tuple[int, ...]] = field(default_factory=dict)
    fallback_seed: int = 0

    def first_dealer(self, players: int) -> int:
        return self.dealer

    def deck(self, index: int) -> tuple[int, ...]:
        if index < len(self.decks):
            return self.decks[index]
        return shuffled(self.fallback_seed, f"deck{index}")

    def cut_deck(self, index: int) -> tuple[int, ...]:
        if index in self.cut_decks:
            return self.cut_decks[index]
        return shuffled(self.fallback_seed, f"cut{index}")


Source = SeededSource | ScriptedSource


@lru_cache(maxsize=4096)
def deal_order(players: int, dealer: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The seat receiving each dealt card: one at a time clockwise from the dealer's left.

    `sizes` is how many cards each seat gets (0 for a seat that is out, 1 for a dog's life).
    """
    order = []
    left = list(sizes)
    seats = clockwise((dealer + 1) % players, players)
    while any(left):
        for s in seats:
            if left[s]:
                order.append(s)
                left[s] -= 1
    return tuple(order)


def deck_for_hands(
    players: int, dealer: int, hands: list[list[int]], rest: list[int]
) -> tuple[int, ...]:
    """The deck order that deals `hands` (each in dealing order), followed by `rest`."""
    queues = [list(h) for h in hands]
    dealt = [queues[s].pop(0) for s in deal_order(players, dealer, tuple(len(h) for h in hands))]
    deck = tuple(dealt + list(rest))
    if sorted(deck) != list(DECK):
        raise ValueError("hands and rest do not make one 52-card deck")
    return deck


@lru_cache(maxsize=4096)
def _dealers(players: int, dealer: int, sizes: tuple[int, ...]) -> tuple[Any, ...]:
    """For each seat, a function taking a deck to the tuple of that seat's cards, as dealt."""
    slots: list[list[int]] = [[] for _ in range(players)]
    for position, seat in enumerate(deal_order(players, dealer, sizes)):
        slots[seat].append(position)
    return tuple(_getter(s) for s in slots)


def _getter(positions: list[int]) -> Any:
    if len(positions) > 1:
        return itemgetter(*positions)
    if positions:  # itemgetter of one is not a tuple
        only = positions[0]
        return lambda deck: (deck[only],)
    return lambda deck: ()


def dealt_hands(
    players: int, dealer: int, sizes: tuple[int, ...], deck: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Each seat's cards in the order dealt, one at a time clockwise from the dealer's left."""
    return tuple([get(deck) for get in _dealers(players, dealer, sizes)])
