"""The Club player: the rule texts' tips plus card counting (which cards and trumps are gone)."""

from __future__ import annotations

from typing import Any

from ..cards import FULL_MASK, NT, RANK_OF, SUIT_MASK, SUIT_OF, cards_of
from ..tricks import winning_play
from . import beginner, club_german
from .beginner import lowest, winners
from .seen import Seen, later_seats, partner_of


def unseen(seen: Seen) -> int:
    """Cards the seat has not seen: held by others, in the stock, or not dealt."""
    return FULL_MASK & ~seen.hand & ~seen.played


def is_master(card: int, out: int) -> bool:
    """No card still out (`out`) of the same suit ranks above `card`."""
    return not (out & SUIT_MASK[SUIT_OF[card]]) >> (card + 1)


def masters(seen: Seen, cards: list[int]) -> list[int]:
    out = unseen(seen)
    return [c for c in cards if is_master(c, out)]


def safe_winners(seen: Seen, win: list[int]) -> list[int]:
    """Winners nobody playing after us can beat: masters of the led suit or unbeatable trumps."""
    out = unseen(seen)
    trumps_out = out & SUIT_MASK[seen.trump] if seen.trump != NT else 0
    safe = []
    for c in win:
        ruff_risk = SUIT_OF[c] != seen.trump and trumps_out and seen.trick
        if is_master(c, out) and not (ruff_risk and _followers_may_ruff(seen, c)):
            safe.append(c)
    return safe


def _followers_may_ruff(seen: Seen, card: int) -> bool:
    """Whether a seat still to play has shown a void in `card`'s suit (and may trump)."""
    return any(seen.voids[s] >> (SUIT_OF[card]) & 1 for s in later_seats(seen))


def last_to_play(seen: Seen) -> bool:
    return bool(seen.trick) and not later_seats(seen)


def follow(seen: Seen, cards: list[int]) -> int:
    """Play second or later: cheap wins, never the best trump on a trick already won by a friend."""
    best_seat, best = winning_play(seen.trick, seen.trump)
    win = winners(seen, cards)
    if best_seat == partner_of(seen, seen.seat):
        return _partner_winning(seen, cards, best)
    if not win:
        return _discard(seen, cards)
    if last_to_play(seen):
        return lowest(win, seen.trump)
    safe = safe_winners(seen, win)
    if safe:
        return lowest(safe, seen.trump)
    if seen.game == "whist" and len(seen.trick) == 1 and seen.led_suit != seen.trump:
        return lowest(cards, seen.trump)  # second hand low
    if seen.game == "knockout":
        return lowest(win, seen.trump)  # a trick now: the cheapest winner keeps the best trump
    if seen.game == "whist":
        return max(win, key=lambda c: beginner.rank_key(c, seen.trump))  # third hand high
    return lowest(cards, seen.trump)


def _partner_winning(seen: Seen, cards: list[int], best: int) -> int:
    """Whist: partner is winning; cover only when partner's card may still be beaten."""
    if last_to_play(seen) or safe_winners(seen, [best]):
        return _discard(seen, cards)
    higher = [c for c in winners(seen, cards) if SUIT_OF[c] == SUIT_OF[best]]
    safe = safe_winners(seen, higher)
    return lowest(safe, seen.trump) if safe else _discard(seen, cards)


def _discard(seen: Seen, cards: list[int]) -> int:
    """Throw the cheapest card, keeping masters and trumps when there is a choice."""
    out = unseen(seen)
    keep = [c for c in cards if not is_master(c, out) and SUIT_OF[c] != seen.trump]
    return lowest(keep or cards, seen.trump)


def lead(seen: Seen, cards: list[int]) -> int:
    """Lead: return partner's suit, cash side-suit masters, draw trumps when long, else low."""
    if seen.game == "whist":
        back = _partner_suit(seen, cards)
        if back >= 0:
            return back
    side_masters = [c for c in masters(seen, cards) if SUIT_OF[c] != seen.trump]
    if side_masters:
        return max(side_masters)
    trumps = [c for c in cards if SUIT_OF[c] == seen.trump]
    out_trumps = unseen(seen) & SUIT_MASK[seen.trump] if seen.trump != NT else 0
    if trumps and out_trumps and len(trumps) * 2 >= len(cards) and len(trumps) >= 3:
        return max(trumps) if masters(seen, trumps) else min(trumps)
    if seen.game == "knockout":
        side = [c for c in cards if SUIT_OF[c] != seen.trump]
        if side:  # lead the shortest side suit: a void soon lets the trumps take tricks
            short = min(
                {SUIT_OF[c] for c in side}, key=lambda u: (seen.hand & SUIT_MASK[u]).bit_count()
            )
            return min(c for c in side if SUIT_OF[c] == short)
    return beginner.lead_card(seen, cards)


def _partner_suit(seen: Seen, cards: list[int]) -> int:
    """The card to return partner's last led side suit, or -1."""
    partner = partner_of(seen, seen.seat)
    for t in reversed(seen.view.get("deal_tricks") or []):
        if t["leader"] == partner:
            suit = "CDHS".index(t["plays"][0][1][1])
            mine = [c for c in cards if SUIT_OF[c] == suit]
            if mine and suit != seen.trump:
                top = masters(seen, mine)
                return max(top) if top else min(mine)
            return -1
    return -1


def play_card(seen: Seen) -> int:
    cards = beginner.legal_cards(seen)
    if len(cards) == 1:
        return cards[0]
    if seen.game == "german" and seen.view.get("half") == 1:
        return club_german.first_half(seen, cards)
    if not seen.trick:
        return lead(seen, cards)
    return follow(seen, cards)


def choose_trump(hand: int, allowed: list[int]) -> int:
    """Longest suit; between equally long suits the one with lower cards (rule text tip)."""
    suits = [u for u in allowed if u != NT]

    def key(u: int) -> tuple[int, int]:
        mask = hand & SUIT_MASK[u]
        return mask.bit_count(), -sum(RANK_OF[c] for c in cards_of(mask))

    best = max(suits, key=key)
    size = hand.bit_count()
    if NT in allowed and size >= 4 and key(best)[0] * 4 <= size:
        aces = sum(1 for c in cards_of(hand) if RANK_OF[c] >= 11)
        if aces * 2 >= size:
            return NT  # flat hand of high cards: no trump
    return best


def exchange_discard(seen: Seen, most: int) -> list[int]:
    """Discard side-suit cards below a queen that are not masters, lowest first."""
    out = unseen(seen)
    cards = cards_of(seen.hand)
    poor = [
        c for c in cards if SUIT_OF[c] != seen.trump and RANK_OF[c] < 10 and not is_master(c, out)
    ]
    return sorted(poor, key=lambda c: RANK_OF[c])[:most]


def knock_or_play(seen: Seen) -> bool:
    """Dog's life: play when the single card takes the trick for sure, or is a sure winner."""
    card = cards_of(seen.hand)[0]
    if seen.trick:
        win = winners(seen, [card])
        return bool(win) and (last_to_play(seen) or bool(safe_winners(seen, win)))
    return bool(masters(seen, [card])) and (SUIT_OF[card] == seen.trump or seen.trump == NT)


def decide(seen: Seen, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """One legal action for the Club player."""
    return beginner.decide_with(seen, legal, play_card, _PHASES)


_PHASES = {"trump": choose_trump, "exchange": exchange_discard, "knock": knock_or_play}
