"""Knockout Whist: what the end of a round is worth to a seat, as its chance to win the game.

Tricks count for nothing by themselves in Knockout Whist: a round's end matters by who is
still in, who is on a dog's life and who chooses the next trump. The chances come from
`knockout_table.TABLE`, measured by Club bots playing each other (bench/knockout_values.py
writes it): the win rate at the start of a round by hand size, players still in and role
(plain, top player choosing trump, on a dog's life).
"""

from __future__ import annotations

from collections.abc import Callable

from ..knockout_end import knockouts
from .knockout_table import TABLE
from .seen import Seen

PLAIN, CHOOSER, DOG = 0, 1, 2
PRIOR_WEIGHT = 40  # games: table entries with fewer observations lean on the prior


def chance(hand_size: int, players_in: int, role: int) -> float:
    """The chance to win the game from the start of a round, by the measured table."""
    prior = _prior(players_in, role)
    seen, wins = TABLE.get((hand_size, players_in, role), (0, 0.0))
    return (wins + prior * PRIOR_WEIGHT) / (seen + PRIOR_WEIGHT)


def _prior(players_in: int, role: int) -> float:
    fair = 1.0 / players_in
    return {PLAIN: fair, CHOOSER: min(0.9, 2.0 * fair), DOG: 0.25 * fair}[role]


def round_scorer(seen: Seen) -> Callable[[list[int]], float]:
    """Score the tricks a playout adds (per seat, to the end of the round) by the chance to win."""
    view, me, n = seen.view, seen.seat, seen.players
    opts = view["options"]
    have = list(view["tricks"])
    active = view["active"]
    hand = view["hand_size"]
    total = sum(have) + max(len(h) for h in view["hands"])
    on_dog, had_dog = set(view["dogs_life"]), set(view["had_dogs_life"])
    rule = opts.get("dogs_life", "once_per_game")
    safe = view["deal"] == 0 and bool(opts.get("safe_first_round"))
    sweep = bool(opts.get("sweep_wins"))
    choosing = opts.get("trump") != "fixed" and not (hand == 2 and opts.get("last_round_no_trump"))

    def score(won: list[int]) -> float:
        tricks = [have[s] + won[s] for s in range(n)]
        if hand == 1:
            return 1.0 if won[me] else 0.0
        if sweep and max(tricks) == total:
            return 1.0 if tricks[me] == total else 0.0
        out, dogs = knockouts(tricks, active, on_dog, had_dog, rule, safe)
        if me in out:
            return 0.0
        still = sum(active) - len(out)
        if still == 1:
            return 1.0
        if me in dogs:
            return chance(hand - 1, still, DOG)
        plain = chance(hand - 1, still, PLAIN)
        if not choosing:
            return plain
        top = max(tricks)
        if tricks[me] < top:
            return plain
        p = 1.0 / sum(1 for s in range(n) if active[s] and tricks[s] == top)
        return p * chance(hand - 1, still, CHOOSER) + (1 - p) * plain

    return score
