"""Knockout Whist: what the end of a round is worth to a seat, as its chance to win the game.

Tricks count for nothing by themselves in Knockout Whist: a round's end matters by who is
still in, who is on a dog's life and who chooses the next trump. The chances come from
`knockout_table.TABLE`, measured by Club bots playing each other (bench/knockout_values.py
writes it): the win rate at the start of a round by hand size, players still in and role
(plain, top player choosing trump, on a dog's life).
"""

from __future__ import annotations

from collections.abc import Callable

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
    active = [s for s in range(n) if view["active"][s]]
    hand = view["hand_size"]
    total = sum(have) + max(len(view["hands"][s]) for s in active)
    on_dog = set(view["dogs_life"])
    had_dog = set(view["had_dogs_life"])
    safe = view["deal"] == 0 and opts.get("safe_first_round")
    choosing = opts.get("trump") != "fixed" and not (hand == 2 and opts.get("last_round_no_trump"))

    def gets_dog(seat: int, zero: list[int]) -> bool:
        if seat in on_dog:
            return False
        rule = opts.get("dogs_life", "once_per_game")
        if rule == "once_per_player":
            return seat not in had_dog
        return rule == "once_per_game" and not had_dog

    def score(won: list[int]) -> float:
        tricks = [have[s] + won[s] for s in range(n)]
        if hand == 1:
            return 1.0 if won[me] else 0.0
        if opts.get("sweep_wins") and tricks[me] == total:
            return 1.0
        if opts.get("sweep_wins") and max(tricks) == total:
            return 0.0
        zero = [s for s in active if not tricks[s]]
        if safe:
            zero = []
        dogs = [s for s in zero if gets_dog(s, zero)]
        still = [s for s in active if s not in zero or s in dogs]
        if me not in still:
            return 0.0
        if len(still) == 1:
            return 1.0
        if me in dogs:
            return chance(hand - 1, len(still), DOG)
        if not choosing:
            return chance(hand - 1, len(still), PLAIN)
        top = max(tricks)
        tied = sum(1 for s in active if tricks[s] == top)
        p = 1.0 / tied if tricks[me] == top else 0.0
        plain = chance(hand - 1, len(still), PLAIN)
        return p * chance(hand - 1, len(still), CHOOSER) + (1 - p) * plain

    return score
