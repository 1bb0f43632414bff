"""Club play in German Whist's first half: fight for good face-up cards, throw bad ones away."""

from __future__ import annotations

from ..cards import FULL_MASK, RANK_OF, SUIT_MASK, SUIT_OF, parse_card
from ..tricks import beats
from .seen import Seen

GOOD = 8  # a face-up card worth at least this (a ten, or a trump four) is worth a fight


def value(card: int, trump: int) -> int:
    """How much a card is worth for the second half: rank, plus a lot for a trump."""
    return RANK_OF[card] + (7 if SUIT_OF[card] == trump else 0)


def first_half(seen: Seen, cards: list[int]) -> int:
    faceup = parse_card(seen.view["faceup"])
    worth = value(faceup, seen.trump)
    if seen.trick:
        return _follow(seen, cards, worth)
    return _lead(seen, cards, worth)


def _cheapest(cards: list[int], trump: int) -> int:
    return min(cards, key=lambda c: value(c, trump))


def _follow(seen: Seen, cards: list[int], worth: int) -> int:
    led = seen.trick[0][1]
    win = [c for c in cards if beats(c, led, seen.trump)]
    if win and worth >= GOOD:
        cheap = _cheapest(win, seen.trump)
        if value(cheap, seen.trump) <= worth + 3:
            return cheap
    lose = [c for c in cards if c not in win]
    return _cheapest(lose or cards, seen.trump)


def _lead(seen: Seen, cards: list[int], worth: int) -> int:
    """Lead a sure winner for a good card, the cheapest card for a bad one."""
    if worth >= GOOD:
        sure = [c for c in cards if _sure(seen, c)]
        if sure:
            cheap = _cheapest(sure, seen.trump)
            if value(cheap, seen.trump) <= worth + 3:
                return cheap
    return _cheapest(cards, seen.trump)


def _sure(seen: Seen, card: int) -> bool:
    """No unseen card beats `card` when led (a side card could be trumped by a void opponent)."""
    out = FULL_MASK & ~seen.hand & ~seen.played & ~(1 << parse_card(seen.view["faceup"]))
    suit = SUIT_OF[card]
    if (out & SUIT_MASK[suit]) >> (card + 1):
        return False
    if suit == seen.trump:
        return True
    opp = 1 - seen.seat
    return not (seen.voids[opp] >> suit & 1 and out & SUIT_MASK[seen.trump])
