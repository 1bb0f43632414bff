"""Who sits with whom in the quick-play pool: pure decisions on plain values, no database.

Closest ratings first, the accepted range widening with the wait: a group of waiting people
sits down together when the spread of their ratings (highest minus lowest) is within the
range each of them accepts now, `base + per_second * waited`. Of the groups that may form,
the ones with the smallest spread form first. Then each person whose chosen wait for bots
has passed sits down with the others who accept bots (nearest ratings first) and bots in the
empty seats, at the level they chose. Two people of whom one blocked the other never sit
at one table (`apart`). games/services/pool.py locks, reads and seats.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

Apart = Collection[frozenset[int]]  # pairs of ids that must not sit at one table


@dataclass(frozen=True, slots=True)
class Waiting:
    """One person in a line of the pool: an id, the rating, seconds waited so far, whether
    they accept bots at all and whether their wait for bots has passed, and the bot level."""

    id: int
    rating: int
    waited: float
    accepts_bots: bool = False
    bots_due: bool = False
    level: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """People to seat at one table (ids, in rating order) and how many bots of what level."""

    ids: tuple[int, ...]
    bots: int = 0
    level: str = ""


def accepted_range(waited: float, base: float, per_second: float) -> float:
    """The widest rating spread a person accepts after waiting `waited` seconds."""
    return base + per_second * max(waited, 0.0)


def groups(
    waiting: list[Waiting], seats: int, base: float, per_second: float, apart: Apart = ()
) -> list[Group]:
    """Every table that may be filled now: whole tables of people first, then tables of
    people whose bot wait passed, with bots. No person is in two groups, and no pair of
    `apart` in one."""
    if seats < 1:
        return []
    left = sorted(waiting, key=lambda w: (w.rating, -w.waited, w.id))
    found: list[Group] = []
    while len(left) >= seats:
        chosen = _closest_windows(left, seats, base, per_second, apart)
        if not chosen:
            break
        taken = {i for g in chosen for i in g.ids}
        found += chosen
        left = [w for w in left if w.id not in taken]
    return found + _with_bots(left, seats, base, per_second, apart)


def _together(people: list[Waiting], apart: Apart) -> bool:
    """Whether these people may sit at one table: no pair of them is apart."""
    ids = {w.id for w in people}
    return not any(pair <= ids for pair in apart)


def _closest_windows(
    people: list[Waiting], seats: int, base: float, per_second: float, apart: Apart = ()
) -> list[Group]:
    """Runs of `seats` neighbours in rating order whose spread all of them accept, smallest
    spread first, none sharing a person (one pass; the caller repeats on who is left)."""
    ranges = [accepted_range(w.waited, base, per_second) for w in people]
    windows = []
    for start in range(len(people) - seats + 1):
        end = start + seats
        spread = people[end - 1].rating - people[start].rating
        if spread <= min(ranges[start:end]) and _together(people[start:end], apart):
            waited = sum(w.waited for w in people[start:end])
            windows.append((spread, -waited, start))
    windows.sort()
    used = [False] * len(people)
    chosen = []
    for _spread, _waited, start in windows:
        if any(used[start : start + seats]):
            continue
        used[start : start + seats] = [True] * seats
        chosen.append(Group(tuple(w.id for w in people[start : start + seats])))
    return chosen


def _with_bots(
    left: list[Waiting], seats: int, base: float, per_second: float, apart: Apart = ()
) -> list[Group]:
    """Longest wait first: each person whose bot wait passed takes the people nearest in
    rating who accept bots too (within both their ranges, none apart from one taken), and
    bots fill the other seats."""
    found = []
    pool = [w for w in left if w.accepts_bots]
    for first in sorted((w for w in pool if w.bots_due), key=lambda w: (-w.waited, w.id)):
        if first not in pool:
            continue
        reach = accepted_range(first.waited, base, per_second)
        near = sorted(
            (w for w in pool if w is not first
             and abs(w.rating - first.rating) <= min(reach, accepted_range(w.waited, base,
                                                                           per_second))),
            key=lambda w: (abs(w.rating - first.rating), -w.waited, w.id),
        )  # fmt: skip
        people = [first]
        for w in near:
            if len(people) < seats and _together([*people, w], apart):
                people.append(w)
        for w in people:
            pool.remove(w)
        ids = tuple(w.id for w in sorted(people, key=lambda w: (w.rating, w.id)))
        found.append(Group(ids, seats - len(people), first.level))
    return found
