"""Who sits with whom in the quick-play pool: pure decisions on plain values, no database.

Closest ratings first, the accepted range widening with the wait: a group of waiting people
sits down together when the spread of their ratings (highest minus lowest) is within the
range each of them accepts now, `base + per_second * waited`. Of the groups that may form,
the ones with the smallest spread form first. Then each person whose chosen wait for bots
has passed sits down with the others who accept bots (nearest ratings first) and bots in the
empty seats, at the level they chose. Two people of whom one blocked the other never sit
at one table (`apart`). Two who wait as partners (`partner`) are one unit: they sit down
together or not at all, rated as a unit by the mean of their ratings; one whose partner is
not waiting (seated or gone meanwhile) waits. games/services/pool.py locks, reads and seats.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

Apart = Collection[frozenset[int]]  # pairs of ids that must not sit at one table


@dataclass(frozen=True, slots=True)
class Waiting:
    """One person in a line of the pool: an id, the rating, seconds waited so far, whether
    they accept bots at all and whether their wait for bots has passed, the bot level, and
    the id of the partner they wait with (None: alone)."""

    id: int
    rating: int
    waited: float
    accepts_bots: bool = False
    bots_due: bool = False
    level: str = ""
    partner: int | None = None


@dataclass(frozen=True, slots=True)
class Group:
    """People to seat at one table (ids, in rating order) and how many bots of what level."""

    ids: tuple[int, ...]
    bots: int = 0
    level: str = ""


@dataclass(frozen=True, slots=True)
class _Unit:
    """Who sits down together: one person, or two partners (rating: their mean; the wait and
    the bot wishes: the first's, as partners join with the same)."""

    people: tuple[Waiting, ...]
    rating: float

    @property
    def first(self) -> Waiting:
        return self.people[0]

    @property
    def size(self) -> int:
        return len(self.people)


def accepted_range(waited: float, base: float, per_second: float) -> float:
    """The widest rating spread a person accepts after waiting `waited` seconds."""
    return base + per_second * max(waited, 0.0)


def groups(
    waiting: list[Waiting], seats: int, base: float, per_second: float, apart: Apart = ()
) -> list[Group]:
    """Every table that may be filled now: whole tables of people first, then tables of
    people whose bot wait passed, with bots. No person is in two groups, no pair of `apart`
    in one, and partners in the same one."""
    if seats < 1:
        return []
    left = sorted(_units(waiting), key=lambda u: (u.rating, -u.first.waited, u.first.id))
    found: list[Group] = []
    while sum(u.size for u in left) >= seats:
        chosen = _closest_windows(left, seats, base, per_second, apart)
        if not chosen:
            break
        taken = {id(u) for g in chosen for u in g}
        found += [_group(g) for g in chosen]
        left = [u for u in left if id(u) not in taken]
    return found + _with_bots(left, seats, base, per_second, apart)


def _units(waiting: list[Waiting]) -> list[_Unit]:
    """Each person alone, or partners together (both waiting, each naming the other); one
    whose partner is not waiting is left out."""
    by_id = {w.id: w for w in waiting}
    units = []
    for w in waiting:
        if w.partner is None:
            units.append(_Unit((w,), w.rating))
            continue
        other = by_id.get(w.partner)
        if other is not None and other.partner == w.id and w.id < other.id:
            units.append(_Unit((w, other), (w.rating + other.rating) / 2))
    return units


def _group(units: Sequence[_Unit], seats: int | None = None, level: str = "") -> Group:
    people = sorted((w for u in units for w in u.people), key=lambda w: (w.rating, w.id))
    bots = 0 if seats is None else seats - len(people)
    return Group(tuple(w.id for w in people), bots, level)


def _together(units: Sequence[_Unit], apart: Apart) -> bool:
    """Whether these people may sit at one table: no pair of them is apart."""
    ids = {w.id for u in units for w in u.people}
    return not any(pair <= ids for pair in apart)


def _range(unit: _Unit, base: float, per_second: float) -> float:
    return min(accepted_range(w.waited, base, per_second) for w in unit.people)


def _fill(units: list[_Unit], start: int, seats: int) -> tuple[int, ...] | None:
    """The indexes of the units that fill a table from `units[start]` on, in rating order,
    ending at the nearest rating possible (people alone: the `seats` neighbours; partners may
    be passed over where they would not fit); None if none do."""
    need = seats - units[start].size
    reach: dict[int, tuple[int, ...]] = {0: ()}  # seats filled -> units taking them
    for j in range(start + 1, len(units)):
        if need in reach:
            break
        for filled, taken in list(reach.items()):
            total = filled + units[j].size
            if total <= need and total not in reach:
                reach[total] = (*taken, j)
    return (start, *reach[need]) if need in reach and need >= 0 else None


def _closest_windows(
    units: list[_Unit], seats: int, base: float, per_second: float, apart: Apart = ()
) -> list[list[_Unit]]:
    """Tables of units nearest in rating order whose spread all of them accept, smallest
    spread first, none sharing a person (one pass; the caller repeats on who is left)."""
    ranges = [_range(u, base, per_second) for u in units]
    windows = []
    for start in range(len(units)):
        picked = _fill(units, start, seats)
        if picked is None:
            continue
        spread = units[picked[-1]].rating - units[start].rating
        chosen = [units[i] for i in picked]
        if spread <= min(ranges[i] for i in picked) and _together(chosen, apart):
            waited = sum(w.waited for u in chosen for w in u.people)
            windows.append((spread, -waited, start, picked))
    windows.sort()
    used = [False] * len(units)
    found = []
    for _spread, _waited, _start, picked in windows:
        if any(used[i] for i in picked):
            continue
        for i in picked:
            used[i] = True
        found.append([units[i] for i in picked])
    return found


def _with_bots(
    left: list[_Unit], seats: int, base: float, per_second: float, apart: Apart = ()
) -> list[Group]:
    """Longest wait first: each unit whose bot wait passed takes the people nearest in
    rating who accept bots too (within both their ranges, none apart from one taken, partners
    only where both fit), and bots fill the other seats."""
    found = []
    pool = [u for u in left if u.first.accepts_bots and u.size <= seats]
    due = sorted((u for u in pool if u.first.bots_due), key=lambda u: (-u.first.waited,
                                                                      u.first.id))  # fmt: skip
    for first in due:
        if first not in pool:
            continue
        reach = _range(first, base, per_second)
        near = sorted(
            (u for u in pool if u is not first
             and abs(u.rating - first.rating) <= min(reach, _range(u, base, per_second))),
            key=lambda u: (abs(u.rating - first.rating), -u.first.waited, u.first.id),
        )  # fmt: skip
        taken = [first]
        for u in near:
            if sum(t.size for t in taken) + u.size <= seats and _together([*taken, u], apart):
                taken.append(u)
        for u in taken:
            pool.remove(u)
        found.append(_group(taken, seats, first.first.level))
    return found
