"""The Beginner: legal and plausible; wins a trick cheaply when it can, dumps low otherwise."""

from __future__ import annotations

from typing import Any

from ..cards import NT, RANK_OF, SUIT_MASK, SUIT_OF, card_str, cards_of, suit_str
from ..tricks import beats, follow_mask, winning_play
from .seen import Seen, partner_of


def rank_key(card: int, trump: int) -> tuple[int, int]:
    """Cheapness of a card: non-trumps before trumps, low ranks before high ones."""
    return (1 if trump != NT and SUIT_OF[card] == trump else 0, RANK_OF[card])


def legal_cards(seen: Seen) -> list[int]:
    """The cards the seat may play: follow the led suit if it can."""
    return cards_of(follow_mask(seen.hand, seen.led_suit))


def winners(seen: Seen, cards: list[int]) -> list[int]:
    """The cards among `cards` that would take the lead in the current trick."""
    if not seen.trick:
        return []
    best = winning_play(seen.trick, seen.trump)[1]
    return [c for c in cards if beats(c, best, seen.trump)]


def lowest(cards: list[int], trump: int) -> int:
    return min(cards, key=lambda c: rank_key(c, trump))


def play_card(seen: Seen) -> int:
    """Follow: win as cheaply as possible unless partner already wins; else dump the lowest."""
    cards = legal_cards(seen)
    if not seen.trick:
        return lead_card(seen, cards)
    best_seat = winning_play(seen.trick, seen.trump)[0]
    win = winners(seen, cards)
    if win and best_seat != partner_of(seen, seen.seat):
        return lowest(win, seen.trump)
    return lowest(cards, seen.trump)


def lead_card(seen: Seen, cards: list[int]) -> int:
    """Lead an ace if it has one outside trumps, else the lowest card of its longest side suit."""
    aces = [c for c in cards if RANK_OF[c] == 12 and SUIT_OF[c] != seen.trump]
    if aces:
        return aces[0]
    side = [c for c in cards if SUIT_OF[c] != seen.trump] or cards
    longest = max({SUIT_OF[c] for c in side}, key=lambda u: (seen.hand & SUIT_MASK[u]).bit_count())
    return min(c for c in side if SUIT_OF[c] == longest)


def best_suit(hand: int, allowed: list[int]) -> int:
    """The suit with most cards (ties: the stronger cards); no trump only if nothing else."""
    suits = [u for u in allowed if u != NT] or allowed

    def strength(u: int) -> tuple[int, int]:
        mask = hand & SUIT_MASK[u] if u != NT else 0
        return mask.bit_count(), sum(RANK_OF[c] for c in cards_of(mask))

    return max(suits, key=strength)


def exchange_discard(seen: Seen, most: int) -> list[int]:
    """Throw away up to `most` low side-suit cards (below a ten)."""
    low = [c for c in cards_of(seen.hand) if SUIT_OF[c] != seen.trump and RANK_OF[c] < 8]
    return sorted(low, key=lambda c: RANK_OF[c])[:most]


def knock_or_play(seen: Seen) -> bool:
    """A dog's life: play the single card when it takes the lead now (or is a top card)."""
    card = cards_of(seen.hand)[0]
    if seen.trick:
        return bool(winners(seen, [card]))
    return RANK_OF[card] >= 11 or (seen.trump != NT and SUIT_OF[card] == seen.trump)


def decide(seen: Seen, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """One legal action for the Beginner."""
    return decide_with(seen, legal, play_card, _PHASES)


_PHASES = {"trump": best_suit, "exchange": exchange_discard, "knock": knock_or_play}


def decide_with(
    seen: Seen, legal: list[dict[str, Any]], player: Any, phases: dict[str, Any]
) -> dict[str, Any]:
    """Answer every phase: `player(seen) -> card` plays, `phases` holds the other decisions."""
    kinds = {e["action"]: e for e in legal}
    seat = seen.seat
    if "exchange" in kinds:
        discard = phases["exchange"](seen, kinds["exchange"]["max"])
        return {"seat": seat, "action": "exchange", "discard": [card_str(c) for c in discard]}
    if "trump" in kinds or "vote" in kinds:
        kind = "trump" if "trump" in kinds else "vote"
        allowed = [NT if e["suit"] == "NT" else "CDHS".index(e["suit"]) for e in legal]
        suit = phases["trump"](seen.hand, allowed)
        return {"seat": seat, "action": kind, "suit": suit_str(suit)}
    if "knock" in kinds and not phases["knock"](seen):
        return dict(kinds["knock"])
    return {"seat": seat, "action": "play", "card": card_str(player(seen))}
