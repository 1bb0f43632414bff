"""When a player's figures over their games are far enough from honest play to be flagged
(docs/fairplay.md §3): the honest baselines and the thresholds, plain functions over sums.

Hidden-card use is a likelihood-ratio test, position by position. In a judged position the
seat's own view gives the played card a *chance* of being the best card (fairplay.hidden);
an honest player's card is truly best about that often, since what they cannot see does not
steer their choice. The honest model is that chance moved by the baseline of the strongest
bot level (SHIFT, per game, on the log-odds scale). A cheater who sees the hands on a part
`c` of the positions plays a truly best card with probability c + (1 - c) q. The evidence
is the likelihood ratio of the cheat against honest play, averaged over CHEAT_RATES (so it
needs no guess of how often someone cheats); for an honest player matching the model it is
a martingale with mean 1, so by Ville's inequality the chance that it ever reaches ODDS, in
any number of games, is at most 1/ODDS.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# The honest model's shift per game: the log-odds by which honest bots' played cards were
# truly best more often than their chance from the view says (the view's deals read less
# from the others' cards than a bot does, and the chance is smoothed), measured by
# bench/fairplay.py for each bot level (docs/benchmarks.md "Fair play"), taken at the
# strongest level's estimate plus two standard errors, so that an honest player as strong as
# the Expert stays below it. Whist was not measured apart: it takes Knockout Whist's.
SHIFT = {"knockout": 0.5, "whist": 0.5, "german": 0.0}
HONEST_SHIFT = SHIFT["knockout"]
CHEAT_RATES = (0.25, 0.5, 0.75, 0.95)
ODDS = 1000.0  # the site: WHIST_FAIRPLAY_ODDS
MIN_POSITIONS = 8  # judged positions before anyone is flagged (WHIST_FAIRPLAY_MIN_POSITIONS)

# Soft play: a pair's share of chances spared against each other, against their share
# spared against everyone else at the tables where they met.
Z_SOFT = 3.0  # WHIST_FAIRPLAY_SOFT_Z
MIN_MEETINGS = 5  # Knockout games the two played together (WHIST_FAIRPLAY_SOFT_MEETINGS)
MIN_CHANCES = 10  # chances the two had against each other, in all (the site: twice the games)


def shift_of(game: str) -> float:
    return SHIFT.get(game, HONEST_SHIFT)


def honest(chance: float, shift: float = HONEST_SHIFT) -> float:
    """How likely an honest player's card is truly best, given its chance from the view."""
    chance = min(max(chance, 1e-3), 1 - 1e-3)
    return 1 / (1 + math.exp(-(math.log(chance / (1 - chance)) + shift)))


def position_llr(chance: float, matched: bool, shift: float = HONEST_SHIFT) -> list[float]:
    """Per cheat rate of CHEAT_RATES: the log-likelihood ratio of one judged position."""
    q = honest(chance, shift)
    if matched:
        return [math.log(c / q + 1 - c) for c in CHEAT_RATES]
    return [math.log(1 - c) for c in CHEAT_RATES]


def log_odds(llr: Sequence[float]) -> float:
    """The evidence of summed per-rate log ratios: the log of their mean ratio (0 if none)."""
    if not llr:
        return 0.0
    top = max(llr)
    return top + math.log(sum(math.exp(x - top) for x in llr) / len(llr))


def hidden_flagged(
    positions: int, llr: Sequence[float], odds: float = ODDS, least: int = MIN_POSITIONS
) -> bool:
    """Enough positions judged, and the evidence of cheating at least `odds` to 1."""
    return positions >= least and log_odds(llr) >= math.log(odds)


def hidden_z(positions: int, matched: int, expected: float, variance: float) -> float:
    """Standard errors by which the matched cards pass the honest model (for moderators to
    read beside the odds); 0 with nothing judged."""
    if positions == 0 or variance <= 0:
        return 0.0
    return (matched - expected) / math.sqrt(variance)


def soft_z(pair: tuple[int, int], others: tuple[int, int]) -> float:
    """Two-proportion z of spared/chances against each other over against the others
    (each a (chances, spared)); 0 where either side has no chance."""
    (n1, k1), (n2, k2) = pair, others
    if n1 == 0 or n2 == 0:
        return 0.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0
    return (k1 / n1 - k2 / n2) / se


def soft_flagged(
    meetings: int,
    pair: tuple[int, int],
    others: tuple[int, int],
    z: float = Z_SOFT,
    least: int = MIN_MEETINGS,
    chances: int = MIN_CHANCES,
) -> bool:
    """Enough games together and chances, and far enough apart from their play of others:
    each of `pair` and `others` is (chances, spared), of both players."""
    return meetings >= least and pair[0] >= chances and soft_z(pair, others) >= z
