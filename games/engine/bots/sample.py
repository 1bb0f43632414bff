"""Determinization: deal the cards a seat cannot see, consistent with everything it has seen."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import FULL_MASK, SUIT_MASK, cards_of, parse_card
from .seen import Seen


@dataclass(slots=True)
class Unknowns:
    """What is to be dealt: free cards, how many each seat still gets, and what it cannot get."""

    hands: list[int]  # cards already placed: own hand, cards known held
    need: list[int]  # cards still to deal per seat
    banned: list[int]  # per seat: mask of cards it cannot hold (suits it showed void in)
    pool: list[int]  # free cards (the rest go to the stock or talon)


def unknowns(seen: Seen) -> Unknowns:
    """Everything unseen, less the cards whose place is known (turned card, face-up card)."""
    counts = seen.counts()
    hands = [seen.known[s] if s != seen.seat else seen.hand for s in range(seen.players)]
    placed = 0
    for h in hands:
        placed |= h
    free = FULL_MASK & ~seen.played & ~placed & ~_on_table(seen)
    banned = [0] * seen.players
    for s in range(seen.players):
        for u in range(4):
            if seen.voids[s] >> u & 1:
                banned[s] |= SUIT_MASK[u]
    need = [max(0, counts[s] - hands[s].bit_count()) for s in range(seen.players)]
    need[seen.seat] = 0
    return Unknowns(hands, need, banned, cards_of(free))


def _on_table(seen: Seen) -> int:
    """Face-up cards in no hand: German Whist's talon card, Knockout's turned card."""
    view = seen.view
    if seen.game == "german" and view.get("faceup"):
        return 1 << parse_card(view["faceup"])
    if seen.game == "knockout" and view.get("turned"):
        return 1 << parse_card(view["turned"])
    return 0


def deal(u: Unknowns, rng: random.Random) -> tuple[list[int], list[int]]:
    """One random deal of the free cards: (hands, the rest in random order)."""
    for _ in range(30):
        got = _try_deal(u, rng)
        if got is not None:
            return got
    return _try_deal(u, rng, strict=False)  # type: ignore[return-value]


def _try_deal(
    u: Unknowns, rng: random.Random, strict: bool = True
) -> tuple[list[int], list[int]] | None:
    """Hand out cards in random order, the most constrained seats first; None if stuck."""
    pool = u.pool[:]
    rng.shuffle(pool)
    hands = u.hands[:]
    order = sorted(range(len(hands)), key=lambda s: -(u.banned[s].bit_count()))
    for s in order:
        want = u.need[s]
        if not want:
            continue
        banned = u.banned[s] if strict else 0
        take = [c for c in pool if not banned >> c & 1][:want]
        if len(take) < want:
            return None
        for c in take:
            hands[s] |= 1 << c
        chosen = set(take)
        pool = [c for c in pool if c not in chosen]
    return hands, pool
