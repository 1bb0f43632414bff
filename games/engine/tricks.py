"""Tricks and seat order for the engine and the bots: follow suit, who wins, who is next.

Each rule is written once here, in a list form for the engine and a bit-mask form for the
bots' playouts (docs/rules.md, common to all three games: a trick).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASK, SUIT_OF


def _beaters(best: int, trump: int) -> int:
    suit = SUIT_OF[best]
    higher = SUIT_MASK[suit] & ~((2 << best) - 1)
    return higher if suit == trump or trump > 3 else higher | SUIT_MASK[trump]


# BEATERS[trump][best]: the cards that, played later, beat `best` (trump 0-3, or NT = 4;
# -1, while trump is being chosen, indexes the NT row: nothing is trump yet).
BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_beaters(best, trump) for best in range(52)) for trump in range(5)
)


def beats(card: int, best: int, trump: int) -> bool:
    """Whether `card`, played later, beats `best`: a higher card of its suit, or a trump."""
    return BEATERS[trump][best] >> card & 1 == 1


def winning_play(plays: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
    """The (seat, card) winning a non-empty trick: the highest trump, else the highest card
    of the suit led; nobody must trump or overtrump."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if BEATERS[trump][best] >> card & 1:
            best_seat, best = seat, card
    return best_seat, best


def trick_winner(plays: Sequence[tuple[int, int]], trump: int) -> int:
    """The seat winning a non-empty trick."""
    return winning_play(plays, trump)[0]


def follow_mask(hand: int, led_suit: int) -> int:
    """The cards of `hand` that may be played: the led suit if it holds any, else any card
    (`led_suit` -1: this seat leads)."""
    if led_suit >= 0:
        return hand & SUIT_MASK[led_suit] or hand
    return hand


# RINGS[n][start] is clockwise(start, n): the engine reads it directly once a trick.
RINGS = [[tuple((start + i) % n for i in range(n)) for start in range(n)] for n in range(8)]


def clockwise(start: int, n: int) -> tuple[int, ...]:
    """All n seats in playing order (clockwise, to the left) from `start`."""
    return RINGS[n][start]


def next_seat(seat: int, n: int, holds: Sequence[object]) -> int:
    """The first seat after `seat` in playing order for which `holds` is true, or -1."""
    for other in RINGS[n][seat][1:]:
        if holds[other]:
            return other
    return -1
