"""The Expert: perfect-information Monte Carlo over deals consistent with the seat's view.

Each sample deals the unseen cards at random (respecting shown voids and cards known to be
held); every candidate card is played out on that deal by a fast greedy playout (German
Whist's second half, which is open play, is solved exactly instead). The card with the
best mean wins; sampling stops early once one card clearly dominates, and always within a
fixed time budget. In Knockout Whist a playout's round end is scored by the chance to win
the game from there (knockout_value), the other seats play as the Club player would
(playout_club), and they are dealt only hands that explain their trump choice and plays
this round by that model (knockout_infer).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from ..cards import SUIT_OF, card_str, parse_card
from ..solvers.playout import Model, play_on, playout
from ..solvers.two_hand import OutOfTime, shared
from ..tricks import clockwise, trick_winner
from . import club, expert_trump, knockout_infer, knockout_value
from .beginner import legal_cards
from .playout_club import club_model
from .sample import Unknowns, deal, unknowns
from .seen import Seen, partner_of

BUDGET = 0.050  # seconds of sampling per decision
SOLVE_BUDGET = 0.240  # seconds for the exact German Whist second-half search
LATE_BUDGET = 0.030  # seconds of playouts when that search ran out of time
MIN_SAMPLES = 12
MAX_SAMPLES = 600
STATS = {"samples": 0, "playouts": 0, "seconds": 0.0}  # the last sampled decision, for bench


def decide(seen: Seen, legal: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """Cards and Knockout trump by search; exchanges, votes and a dog's knock as the Club player."""
    if legal[0]["action"] == "trump" and seen.game == "knockout":
        allowed = [4 if e["suit"] == "NT" else "CDHS".index(e["suit"]) for e in legal]
        suit = expert_trump.choose_trump(seen, allowed, seed, _scorer(seen))
        return {"seat": seen.seat, "action": "trump", "suit": ("C", "D", "H", "S", "NT")[suit]}
    if not any(e["action"] == "play" for e in legal) or any(e["action"] == "knock" for e in legal):
        return club.decide(seen, legal)
    return {"seat": seen.seat, "action": "play", "card": card_str(choose_card(seen, seed))}


def candidates(seen: Seen) -> list[int]:
    """Legal cards, one per run of cards that are neighbours among the cards still out."""
    out = club.unseen(seen) | sum(1 << c for _, c in seen.trick)
    reps: list[int] = []
    for c in sorted(legal_cards(seen)):
        if not (reps and SUIT_OF[reps[-1]] == SUIT_OF[c] and not _between(out, reps[-1], c)):
            reps.append(c)
    return reps


def _between(out: int, low: int, high: int) -> bool:
    """Whether some card still out lies strictly between two cards of the same suit."""
    return bool(out >> (low + 1) & ((1 << (high - low - 1)) - 1))


def choose_card(seen: Seen, seed: int) -> int:
    moves = candidates(seen)
    if len(moves) == 1:
        return moves[0]
    if seen.game == "german" and seen.view.get("half") == 2:
        return solve_open(seen, moves, seed)
    return sample_and_play(seen, moves, random.Random(seed))


def solve_open(seen: Seen, moves: list[int], seed: int = 0) -> int:
    """German Whist's second half: every card is known, so take an exactly optimal card.

    A search that would pass SOLVE_BUDGET (rare: full hands of many equal suits) gives way
    to playouts on the known deal, so that no decision takes much longer than that.
    """
    other = club.unseen(seen)
    solver = shared(seen.trump)
    solver.deadline = time.perf_counter() + SOLVE_BUDGET
    try:
        if seen.trick:
            led = seen.trick[0][1]
            return solver.best_reply(1 << led | other, seen.hand, led, moves)
        return solver.best_lead(seen.hand, other, moves)
    except OutOfTime:
        return sample_and_play(seen, moves, random.Random(seed), LATE_BUDGET)


def sample_and_play(
    seen: Seen, moves: list[int], rng: random.Random, budget: float | None = None
) -> int:
    """Flat Monte Carlo: the same sampled deals for every move (paired), early stopping
    within `budget` seconds (default BUDGET)."""
    means = estimate(seen, moves, rng, budget)
    return moves[max(range(len(moves)), key=means.__getitem__)]


def estimate(
    seen: Seen, moves: list[int], rng: random.Random, budget: float | None = None
) -> list[float]:
    """Each move's mean utility over sampled deals (sample_and_play's figures)."""
    return [sum(t) / len(t) for t in sample(seen, moves, rng, budget)]


def sample(
    seen: Seen, moves: list[int], rng: random.Random, budget: float | None = None
) -> list[list[float]]:
    """Each move's utility in every sampled deal, the same deals for every move (paired):
    the game analysis shows their means as estimates, with their sampling error."""
    budget = BUDGET if budget is None else budget
    u = unknowns(seen)
    draw = _sampler(seen, u)
    score = _scorer(seen)
    totals: list[list[float]] = [[] for _ in moves]
    talon_known = _faceup(seen)
    start = time.perf_counter()
    n = 0
    while n < MAX_SAMPLES:
        hands, rest = draw(rng)
        talon = [talon_known, *rest] if talon_known >= 0 else []
        model = club_model(seen, hands)
        for i, card in enumerate(moves):
            totals[i].append(score(_play_out(seen, hands, card, talon, model)))
        n += 1
        if n >= MIN_SAMPLES and n % 4 == 0 and _settled(totals, start, budget):
            break
    STATS.update(samples=n, playouts=n * len(moves), seconds=time.perf_counter() - start)
    return totals


def _sampler(seen: Seen, u: Unknowns) -> Callable[[random.Random], tuple[list[int], list[int]]]:
    """Random deals of the unseen cards; in Knockout Whist ones where the other seats' plays
    this round are what the Club player would have made (knockout_infer)."""
    if seen.game != "knockout":
        return lambda rng: deal(u, rng)
    ev = knockout_infer.evidence(seen)

    def draw(rng: random.Random) -> tuple[list[int], list[int]]:
        return knockout_infer.deal(u, ev, seen.seat, rng) or deal(u, rng)

    return draw


def _faceup(seen: Seen) -> int:
    face = seen.view.get("faceup") if seen.game == "german" else None
    return parse_card(face) if face else -1


def _play_out(
    seen: Seen, hands: list[int], card: int, talon: list[int], model: Model | None = None
) -> list[int]:
    hands = hands[:]
    hands[seen.seat] ^= 1 << card
    trick = [*seen.trick, (seen.seat, card)]
    nxt = _next_seat(seen, hands, trick)
    if nxt < 0:  # the trick is complete: go on from its winner
        winner = trick_winner(trick, seen.trump)
        return play_on(hands, seen.trump, winner, _partners(seen), talon, _need(seen), model)
    return playout(hands, seen.trump, trick, nxt, _partners(seen), talon, _need(seen), model)


def _need(seen: Seen) -> set[int] | None:
    """Knockout Whist: the seats in this round still without a trick (they must take one)."""
    if seen.game != "knockout":
        return None
    tricks, hands = seen.view["tricks"], seen.view["hands"]
    return {s for s in range(seen.players) if hands[s] and not tricks[s]}


def _next_seat(seen: Seen, hands: list[int], trick: list[tuple[int, int]]) -> int:
    """The next seat to play in this trick, or -1 when the trick is complete."""
    n = seen.players
    played = {s for s, _ in trick}
    for s in clockwise(seen.seat, n)[1:]:
        if s == trick[0][0]:
            return -1
        if hands[s] and s not in played:
            return s
    return -1


def _partners(seen: Seen) -> list[int]:
    return [partner_of(seen, s) for s in range(seen.players)]


def _scorer(seen: Seen) -> Any:
    """Utility of a playout's tricks for the seat: game-specific."""
    me = seen.seat
    if seen.game == "whist":
        partner = partner_of(seen, me)
        return lambda won: won[me] + won[partner]
    if seen.game == "german":
        return _german_score(seen, list(seen.view["tricks"]))
    return knockout_value.round_scorer(seen)


def _german_score(seen: Seen, have: list[int]) -> Any:
    me = seen.seat
    first = seen.view.get("half") == 1
    base = 0 if first else have[me]

    def score(won: list[int]) -> float:
        t = base + won[me]
        return (1.0 if t >= 7 else 0.0) + 0.02 * t

    return score


def _settled(totals: list[list[float]], start: float, budget: float) -> bool:
    """Out of time, or the best move leads every other by a clear paired margin."""
    if time.perf_counter() - start > budget:
        return True
    n = len(totals[0])
    means = [sum(t) / n for t in totals]
    best = max(range(len(totals)), key=means.__getitem__)
    for i, t in enumerate(totals):
        if i == best:
            continue
        diffs = [a - b for a, b in zip(totals[best], t, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if var == 0:
            continue  # the same result on every sample: nothing to learn by sampling on
        if mean <= 3.0 * math.sqrt(var / n):
            return False
    return True
