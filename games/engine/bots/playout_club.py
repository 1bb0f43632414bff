"""The Club player's Knockout Whist card play on bit masks, as a model of the other seats.

The Expert's playouts let the other seats play as the Club player would (club.py), from
what that seat may know: its own hand and the cards gone; `out` is every card it has not
seen (held by others, or never dealt).
"""

from __future__ import annotations

from ..cards import FULL_MASK
from ..cards import SUIT_MASK as SM
from ..solvers.playout import Model, lowest, winners_mask
from ..tricks import follow_mask
from .seen import Seen


def club_model(seen: Seen, hands: list[int]) -> Model | None:
    """Knockout Whist: every seat but the searching one plays as the Club player would."""
    if seen.game != "knockout":
        return None
    held = 0
    for h in hands:
        held |= h
    others = ((1 << seen.players) - 1) ^ (1 << seen.seat)
    return Model(others, FULL_MASK & ~held & ~seen.played, club_lead, club_follow)


def _within(k: int) -> int:
    """Card positions that have a card of the same suit `k` ranks above them."""
    return sum(1 << (13 * u + r) for u in range(4) for r in range(13 - k))


_D1, _D2, _D4, _D8 = _within(1), _within(2), _within(4), _within(8)


def _masters(cards: int, out: int) -> int:
    """The cards of `cards` that no card still `out` of the same suit outranks."""
    below = out  # spread each suit's cards out downwards: every rank up to its highest
    below |= below >> 1 & _D1
    below |= below >> 2 & _D2
    below |= below >> 4 & _D4
    below |= below >> 8 & _D8
    return cards & ~below


def club_lead(hand: int, trump: int, out: int) -> int:
    """Cash a side master, draw trumps when long, else the lowest of the shortest side suit."""
    side = hand & ~SM[trump] if trump < 4 else hand
    masters = _masters(side, out)
    if masters:
        return masters.bit_length() - 1
    trumps = hand & SM[trump] if trump < 4 else 0
    n = trumps.bit_count()
    if n >= 3 and 2 * n >= hand.bit_count() and out & SM[trump]:
        return (
            trumps.bit_length() - 1
            if _masters(trumps, out)
            else (trumps & -trumps).bit_length() - 1
        )
    if side:
        short = min(
            (u for u in (0, 1, 2, 3) if side & SM[u]), key=lambda u: (side & SM[u]).bit_count()
        )
        m = side & SM[short]
        return (m & -m).bit_length() - 1
    return lowest(hand, trump)


def club_follow(hand: int, led: int, best: int, trump: int, out: int, last: bool) -> int:
    """The cheapest sure winner, else the cheapest winner, else the cheapest card to throw."""
    legal = follow_mask(hand, led)
    win = winners_mask(legal, best, trump)
    if not win:
        keep = legal & ~_masters(legal, out) & ~(SM[trump] if trump < 4 else 0)
        return lowest(keep or legal, trump)
    if not last:
        safe = _masters(win, out)
        if safe:
            return lowest(safe, trump)
    return lowest(win, trump)
