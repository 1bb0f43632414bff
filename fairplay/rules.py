"""When a player's figures over their games are far enough from honest play to be flagged
(docs/fairplay.md §3): the honest baselines and the thresholds, plain functions over sums."""

from __future__ import annotations

import math

# Hidden-card use: honest bots' mean excess per judged position (cards matching the
# double-dummy best, less the share of the seat's imaginable deals in which it was best),
# measured by bench/fairplay.py (docs/fairplay.md §4; 2026-12-05: Expert bots at Knockout
# Whist for four, 80 positions in 60 games, -0.286, standard error about 0.05). Honest
# players match less often than the shares say: the share counts a deal as found whenever
# the best cards are best in it, and a player who reads the table still picks one card.
# A player is compared with the Expert's excess moved two standard errors towards the
# cheater, so that the strongest honest play measured stays below the reference.
BASELINE = {"expert": -0.286}
REFERENCE = BASELINE["expert"] + 2 * 0.05
Z_HIDDEN = 3.0  # standard errors above the reference (the site: WHIST_FAIRPLAY_Z)
MIN_POSITIONS = 12  # judged positions before anyone is flagged (WHIST_FAIRPLAY_MIN_POSITIONS)

# Soft play: a pair's share of chances spared against each other, against their share
# spared against everyone else at the tables where they met.
Z_SOFT = 3.0  # WHIST_FAIRPLAY_SOFT_Z
MIN_MEETINGS = 5  # Knockout games the two played together (WHIST_FAIRPLAY_SOFT_MEETINGS)
MIN_CHANCES = 10  # chances the two had against each other, in all (the site: twice the games)


def hidden_z(positions: int, matched: int, expected: float, variance: float) -> float:
    """Standard errors by which the matched cards pass what the seat's view explains plus
    the honest reference; 0 with nothing judged."""
    if positions == 0 or variance <= 0:
        return 0.0
    return (matched - expected - REFERENCE * positions) / math.sqrt(variance)


def hidden_flagged(
    positions: int,
    matched: int,
    expected: float,
    variance: float,
    z: float = Z_HIDDEN,
    least: int = MIN_POSITIONS,
) -> bool:
    """Enough positions judged, and far enough above honest play."""
    return positions >= least and hidden_z(positions, matched, expected, variance) >= z


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
