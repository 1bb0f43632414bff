"""Cards as small integers, hands as bit masks, and their two-character notation."""

from __future__ import annotations

from collections.abc import Iterable

# A card is suit * 13 + rank: rank 0 is the two, rank 12 the ace; suits are ordered
# clubs < diamonds < hearts < spades (docs/rules.md §1.4: the cut's suit order).
RANKS = "23456789TJQKA"
SUITS = "CDHS"
NT = 4  # "no trump", where a suit is expected
SUIT_NAMES = ("C", "D", "H", "S", "NT")
DECK: tuple[int, ...] = tuple(range(52))
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_MASK = (1 << 52) - 1


class CardError(ValueError):
    """A card, suit or hand written in a way the notation does not allow."""


# The two parts of a card, looked up (as fast as `card // 13` in the bots' hot loops).
SUIT_OF: tuple[int, ...] = tuple(card // 13 for card in DECK)  # 0 clubs .. 3 spades
RANK_OF: tuple[int, ...] = tuple(card % 13 for card in DECK)  # 0 the two .. 12 the ace


# Each card's notation, made once: a view names every card of the deal's tricks each time.
NAMES: tuple[str, ...] = tuple(RANKS[RANK_OF[card]] + SUITS[SUIT_OF[card]] for card in DECK)


def card_str(card: int) -> str:
    return NAMES[card]


_BY_NAME = {card_str(card): card for card in DECK}


def parse_card(text: str) -> int:
    """`"TS"` -> the ten of spades; also accepts `10S` and lower case."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    card = _BY_NAME.get(t)
    if card is None:
        raise CardError(f"not a card: {text!r} (write rank then suit, e.g. TS or 2H)")
    return card


def parse_cards(text: str | Iterable[str]) -> tuple[int, ...]:
    """`"AS KS 2H"` (or a list of such strings) -> cards, in the order written."""
    words = text.split() if isinstance(text, str) else list(text)
    return tuple(parse_card(w) for w in words)


def suit_str(suit: int) -> str:
    return SUIT_NAMES[suit]


def parse_suit(text: str) -> int:
    t = text.strip().upper()
    if t not in SUIT_NAMES:
        raise CardError(f"not a suit: {text!r} (one of S H D C NT)")
    return SUIT_NAMES.index(t)


# FOLLOW[card]: the cards of its suit, which a hand must play if it holds any when `card` led.
FOLLOW: tuple[int, ...] = tuple(SUIT_MASK[SUIT_OF[card]] for card in DECK)

# A list: its `__getitem__`, mapped over a hand's cards, is a built-in method (a tuple's is
# a slower slot wrapper).
BITS = [1 << c for c in range(52)]


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of distinct cards."""
    return sum(map(BITS.__getitem__, cards))


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def hand_str(mask: int) -> list[str]:
    """A hand as notation, sorted by suit (spades first) then rank, high first: a card is
    suit * 13 + rank, so the highest card first (tests/engine/test_tricks.py)."""
    out = []
    while mask:
        high = mask.bit_length() - 1
        out.append(NAMES[high])
        mask ^= BITS[high]
    return out


def count(mask: int) -> int:
    return mask.bit_count()
