"""Experience points and levels (docs/rules.md §4.1).

XP: every complete game gives each human who played it to the end (not a resignation, not
a seat bots played for the most part) XP_GAME, and a win XP_WIN instead; both Whist partners
win or lose together, so they get the same. Bots get none.
The same two players' games together give less and less within a day (xp_for).
Levels: level n needs 50·n·(n−1) XP in all: level 2 at 100, 3 at 300, 4 at 600, 5 at 1,000,
10 at 4,500: each level needs 100 XP more than the one before.
"""

from __future__ import annotations

from math import isqrt

from rankings.outcome import SeatFacts

XP_GAME, XP_WIN = 10, 25
LEVEL_STEP = 50
# XP between the same two accounts falls off with repetition (docs/rules.md §4.3): of the
# games two players finish together within XP_REPEAT_HOURS, the first XP_REPEAT_FREE give
# full XP, each later one half the one before (rounded down).
XP_REPEAT_HOURS, XP_REPEAT_FREE = 24, 3


def xp_for(facts: SeatFacts, together: int = 0) -> int:
    """The XP one seat gets for a finished game, after `together` earlier games in the last
    XP_REPEAT_HOURS with the other human it met most often there."""
    if not facts.earns:
        return 0
    return (XP_WIN if facts.won else XP_GAME) >> max(0, together - XP_REPEAT_FREE + 1)


def xp_needed(level: int) -> int:
    """Total XP at which `level` is reached."""
    return LEVEL_STEP * level * (level - 1)


def level_of(xp: int) -> int:
    """The level a player with `xp` XP is at (1 with none)."""
    level = (1 + isqrt(1 + 4 * xp // LEVEL_STEP)) // 2
    while xp_needed(level + 1) <= xp:
        level += 1
    while level > 1 and xp_needed(level) > xp:
        level -= 1
    return level
