"""Knockout Whist: deal the unseen cards so that what the other seats did this round makes sense.

The other seats are taken to play as the Club player would (playout_club). A hand sampled
for a seat is checked against what that seat did this round: the trump it chose (its
longest suit, club.choose_trump) and every card it played, each replayed by the Club model
from that seat's view at the time. Per seat, the first of a few random hands that explains
everything is kept, else the one that explains the most; a human who plays otherwise only
makes the sampling less sharp.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import FULL_MASK, SUIT_OF, cards_of, parse_card, parse_suit
from ..tricks import winning_play
from .club import choose_trump
from .playout_club import club_follow, club_lead
from .sample import Unknowns
from .seen import Seen

TRIES = 24  # random hands tried per seat before the best one so far is taken


@dataclass(slots=True)
class Play:
    """One card a seat played this round, with what it knew then."""

    card: int
    led: int  # the suit led, -1 when this card led the trick
    best: int  # the card winning the trick when it played (following only)
    last: bool  # it played last to the trick
    before: int  # every card played this round before this one
    later: int  # the cards this seat played later this round


@dataclass(slots=True)
class Evidence:
    """Per seat: its plays this round; the trump it chose (-1 if it chose none)."""

    trump: int
    plays: list[list[Play]]
    chose: list[int]
    allowed: list[int]
    order: list[int]  # seats to deal, the most telling first


def evidence(seen: Seen) -> Evidence:
    """What the other seats did this round, from the seat view."""
    view, n = seen.view, seen.players
    plays: list[list[Play]] = [[] for _ in range(n)]
    gone = 0
    tricks = [t["plays"] for t in view.get("deal_tricks") or []]
    for k, raw in enumerate([*tricks, view["trick"]]):
        trick = [(s, parse_card(c)) for s, c in raw]
        complete = k < len(tricks)
        for i, (s, c) in enumerate(trick):
            if s != seen.seat:
                led = SUIT_OF[trick[0][1]] if i else -1
                best = winning_play(trick[:i], seen.trump)[1] if i else -1
                last = complete and i == len(trick) - 1
                plays[s].append(Play(c, led, best, last, gone, 0))
            gone |= 1 << c
    for mine in plays:
        later = 0
        for p in reversed(mine):
            p.later = later
            later |= 1 << p.card
    chose = [-1] * n
    chooser = view.get("chooser")
    exchanged = any(k for _, k in view.get("exchanged") or [])
    if chooser is not None and chooser != seen.seat and not view.get("votes") and not exchanged:
        chose[chooser] = parse_suit(view["trump"])
    allowed = list(range(5 if view["options"].get("no_trump_allowed") else 4))
    order = sorted(range(n), key=lambda s: -(len(plays[s]) + (chose[s] >= 0) * 3))
    return Evidence(seen.trump, plays, chose, allowed, order)


def misfits(ev: Evidence, seat: int, hand: int, limit: int = 99) -> int:
    """How many of the seat's choices this round the Club model would not have made with
    `hand` (the cards it holds now); counting stops at `limit`."""
    bad = 0
    mine = ev.plays[seat]
    if ev.chose[seat] >= 0:
        dealt = hand
        for p in mine:
            dealt |= 1 << p.card
        bad += choose_trump(dealt, ev.allowed) != ev.chose[seat]
    trump = ev.trump
    for p in mine:
        h = hand | p.later | 1 << p.card
        out = FULL_MASK & ~h & ~p.before
        if p.led < 0:
            c = club_lead(h, trump, out)
        else:
            c = club_follow(h, p.led, p.best, trump, out, p.last)
        if c != p.card:
            bad += 1
            if bad >= limit:
                break
    return bad


def deal(
    u: Unknowns, ev: Evidence, me: int, rng: random.Random, tries: int = TRIES
) -> tuple[list[int], list[int]] | None:
    """One deal of the free cards in which every other seat's hand explains its choices
    as well as `tries` random draws manage; None when the voids leave no deal. The cards
    left over (never dealt) come back lowest first."""
    free = 0
    for c in u.pool:
        free |= 1 << c
    hands = u.hands[:]
    for s in ev.order:
        need = u.need[s]
        if not need or s == me:
            continue
        allowed = cards_of(free & ~u.banned[s])
        if len(allowed) < need:
            return None
        best, fewest = 0, 99
        for _ in range(tries if ev.plays[s] or ev.chose[s] >= 0 else 1):
            take = 0
            for c in rng.sample(allowed, need):
                take |= 1 << c
            bad = misfits(ev, s, take, fewest)
            if bad < fewest:
                best, fewest = take, bad
                if not bad:
                    break
        hands[s] |= best
        free &= ~best
    return hands, cards_of(free)
